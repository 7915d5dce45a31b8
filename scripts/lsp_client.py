#!/usr/bin/env python3
"""A minimal Language Server Protocol client over a child's stdio (standard library only), for
the scripts that drive `union-gen lsp` against real projects: scripts/lsp-vs-check.py
(diagnostics beside `check`'s) and bench/lsp-latency.py (didChange → publishDiagnostics).

    with Client([union_gen, "lsp"], cwd=project) as client:
        client.initialize({"deny": []})
        client.open(path)
        diagnostics = client.wait_diagnostics(uri_of(path))
"""

import json
import os
import queue
import subprocess
import threading
import time
import urllib.parse


def uri_of(path):
    return "file://" + urllib.parse.quote(os.path.abspath(path))


def path_of(uri):
    return urllib.parse.unquote(urllib.parse.urlparse(uri).path)


class Client:
    def __init__(self, command, cwd=None, env=None):
        self.process = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.next_id = 0
        self.messages = queue.Queue()
        self.versions = {}
        self.texts = {}
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.stderr = []
        self.logs = []
        # The latest diagnostics published for each URI.
        self.published = {}
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _drain_stderr(self):
        for line in self.process.stderr:
            self.stderr.append(line.decode("utf-8", "replace"))

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            body = stream.read(length)
            self.messages.put((time.monotonic(), json.loads(body)))

    def send(self, message):
        body = json.dumps(message).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return time.monotonic()

    def notify(self, method, params):
        return self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params, timeout=600):
        self.next_id += 1
        request_id = self.next_id
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        message = self.wait(lambda m: m.get("id") == request_id and "method" not in m, timeout)
        if "error" in message:
            raise RuntimeError(f"{method}: {message['error']}")
        return message.get("result")

    def wait(self, matches, timeout=600):
        """The next message that `matches`; others are kept in self.seen."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no matching message from the server")
            item = self.messages.get(timeout=remaining)
            if item is None:
                raise EOFError("the server closed its output:\n" + "".join(self.stderr))
            self.last_time, message = item
            if message.get("method") == "window/logMessage":
                self.logs.append(message["params"]["message"])
            if message.get("method") == "textDocument/publishDiagnostics":
                self.published[message["params"]["uri"]] = message["params"]["diagnostics"]
            if matches(message):
                return message

    def initialize(self, options=None, root=None):
        result = self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": uri_of(root) if root else None,
                "capabilities": {},
                "initializationOptions": options or {},
            },
        )
        self.notify("initialized", {})
        return result

    def open(self, path, text=None):
        uri = uri_of(path)
        if text is None:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        self.versions[uri] = 1
        self.texts[uri] = text
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "go", "version": 1, "text": text}},
        )
        return uri

    def change(self, uri, start, end, new_text):
        """Replaces the range (line, utf-16 column) pairs `start`..`end`; returns the send time."""
        self.versions[uri] += 1
        return self.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": self.versions[uri]},
                "contentChanges": [
                    {
                        "range": {
                            "start": {"line": start[0], "character": start[1]},
                            "end": {"line": end[0], "character": end[1]},
                        },
                        "text": new_text,
                    }
                ],
            },
        )

    def wait_diagnostics(self, uri, version=None, timeout=600):
        """The next publishDiagnostics for `uri` (of `version` when given)."""
        message = self.wait(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri
            and (version is None or m["params"].get("version") == version),
            timeout,
        )
        return message["params"]["diagnostics"]

    def hover(self, uri, line, character):
        return self.request(
            "textDocument/hover",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
        )

    def close(self):
        if self.process.poll() is None:
            try:
                self.request("shutdown", None, timeout=60)
                self.notify("exit", None)
                self.process.wait(timeout=60)
            except Exception:
                self.process.kill()
                self.process.wait()
