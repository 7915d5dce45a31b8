//! The `union-gen` binary: a thin wrapper around [`union_gen::run`].

/// mimalloc for Rust's allocations, and tree-sitter's ([`use_mimalloc_in_tree_sitter`]):
/// with glibc, malloc and free were a sixth of the instructions of a k8s.io/api run
/// (hundreds of thousands of small strings, vectors and syntax nodes).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    use_mimalloc_in_tree_sitter();
    union_gen::run(std::env::args_os())
}

/// Makes tree-sitter allocate with mimalloc too. Called first thing, before any parser
/// exists (tree-sitter requires it).
fn use_mimalloc_in_tree_sitter() {
    unsafe extern "C" fn calloc(count: usize, size: usize) -> *mut std::ffi::c_void {
        let Some(bytes) = count.checked_mul(size) else {
            return std::ptr::null_mut();
        };
        // SAFETY: mi_malloc returns null or `bytes` writable bytes.
        unsafe {
            let block = libmimalloc_sys::mi_malloc(bytes);
            if !block.is_null() {
                std::ptr::write_bytes(block.cast::<u8>(), 0, bytes);
            }
            block
        }
    }
    // SAFETY: no tree-sitter object exists yet; mimalloc's functions have the C allocator
    // signatures tree-sitter expects.
    unsafe {
        tree_sitter::set_allocator(Some(tree_sitter::Allocator {
            malloc: libmimalloc_sys::mi_malloc,
            calloc,
            realloc: libmimalloc_sys::mi_realloc,
            free: libmimalloc_sys::mi_free,
        }))
    }
}
