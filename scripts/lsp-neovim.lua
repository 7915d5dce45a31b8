-- Drives Neovim's built-in LSP client against `union-gen lsp` (scripts/lsp-neovim.sh):
-- opens FILE, waits for the server's diagnostics, hovers on the `type ENUM_TYPE` line, and
-- writes what the client received as JSON to OUT. Works with Neovim 0.7 and later.
local union_gen = os.getenv("UNION_GEN")
local file = os.getenv("FILE")
local enum_type = os.getenv("ENUM_TYPE")
local out = os.getenv("OUT")
local timeout = 600000

local function finish(result)
  vim.fn.writefile({ vim.fn.json_encode(result) }, out)
  vim.cmd("qall!")
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
vim.bo[buf].filetype = "go"

local published = nil
local client_id = vim.lsp.start_client({
  name = "union-gen",
  cmd = { union_gen, "lsp" },
  root_dir = vim.fn.getcwd(),
  handlers = {
    ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
      if vim.uri_to_bufnr(result.uri) == buf then
        published = result.diagnostics
      end
      return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
    end,
  },
})
if not client_id then
  finish({ error = "the client did not start" })
  return
end
vim.lsp.buf_attach_client(buf, client_id)

if not vim.wait(timeout, function() return published ~= nil end, 50) then
  finish({ error = "no diagnostics published" })
  return
end

-- The line of `type ENUM_TYPE string`, and the column of the name.
local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
local line, column = nil, nil
for index, text in ipairs(lines) do
  local at = text:find("^type " .. enum_type .. " ")
  if at then
    line, column = index - 1, 5
    break
  end
end
local hover = nil
if line then
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line, character = column },
  }
  local responses = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, timeout)
  for _, response in pairs(responses or {}) do
    if response.result then
      hover = response.result.contents.value
    end
  end
end

finish({
  diagnostics = published,
  shown = #vim.diagnostic.get(buf),
  hover = hover,
  hover_line = line,
  client = (function()
    local v = vim.version()
    return string.format("%d.%d.%d", v.major, v.minor, v.patch)
  end)(),
})
