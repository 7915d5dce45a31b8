//! libyaml-rs's parser behind a safe iterator of owned events.

use libyaml_rs as sys;
use std::mem::MaybeUninit;

/// One parser event, with the byte offset and 0-based line where it starts.
pub enum Event {
    Other,
    StreamEnd,
    DocumentEnd,
    Alias(Vec<u8>),
    Scalar {
        anchor: Option<Vec<u8>>,
        tag: Option<Vec<u8>>,
        value: Vec<u8>,
        plain: bool,
    },
    SequenceStart {
        anchor: Option<Vec<u8>>,
    },
    MappingStart {
        anchor: Option<Vec<u8>>,
    },
    End,
}

/// libyaml's error: its problem, where, and the context it was in.
pub struct Problem {
    pub problem: String,
    pub offset: usize,
    pub line: usize,
    pub context_line: usize,
    pub scanner: bool,
}

pub struct Parser<'input> {
    sys: Box<MaybeUninit<sys::yaml_parser_t>>,
    _input: &'input [u8],
}

impl<'input> Parser<'input> {
    pub fn new(input: &'input [u8]) -> Parser<'input> {
        let mut sys = Box::new(MaybeUninit::<sys::yaml_parser_t>::uninit());
        // SAFETY: the parser is initialised in place (boxed: it never moves) and reads
        // `input`, which outlives it ('input).
        unsafe {
            let parser = sys.as_mut_ptr();
            if sys::yaml_parser_initialize(parser).fail {
                // Only an allocation failure, which aborts elsewhere in Rust anyway.
                std::process::abort();
            }
            sys::yaml_parser_set_encoding(parser, sys::YAML_UTF8_ENCODING);
            sys::yaml_parser_set_input_string(parser, input.as_ptr(), input.len() as u64);
        }
        Parser { sys, _input: input }
    }

    /// The next event and its (offset, line); `Err` once the input is not YAML.
    pub fn next(&mut self) -> Result<(Event, usize, usize), Problem> {
        let mut event = MaybeUninit::<sys::yaml_event_t>::uninit();
        // SAFETY: the parser was initialised in `new`; an event filled by
        // `yaml_parser_parse` is read, copied and deleted before the next call.
        unsafe {
            let parser = self.sys.as_mut_ptr();
            if (&(*parser)).error != sys::YAML_NO_ERROR
                || sys::yaml_parser_parse(parser, event.as_mut_ptr()).fail
            {
                return Err(problem(parser));
            }
            let event = event.as_mut_ptr();
            let mark = (*event).start_mark;
            let out = convert(&*event);
            sys::yaml_event_delete(event);
            Ok((out, mark.index as usize, mark.line as usize))
        }
    }
}

impl Drop for Parser<'_> {
    fn drop(&mut self) {
        // SAFETY: initialised in `new`, deleted once.
        unsafe { sys::yaml_parser_delete(self.sys.as_mut_ptr()) }
    }
}

unsafe fn bytes(ptr: *const u8) -> Option<Vec<u8>> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: libyaml's anchors and tags are NUL-terminated strings it owns.
    let c = unsafe { std::ffi::CStr::from_ptr(ptr.cast()) };
    Some(c.to_bytes().to_vec())
}

unsafe fn convert(event: &sys::yaml_event_t) -> Event {
    // SAFETY: the union member read is the one the event's type says is set.
    unsafe {
        match event.type_ {
            sys::YAML_STREAM_END_EVENT => Event::StreamEnd,
            sys::YAML_DOCUMENT_END_EVENT => Event::DocumentEnd,
            sys::YAML_ALIAS_EVENT => {
                Event::Alias(bytes(event.data.alias.anchor).unwrap_or_default())
            }
            sys::YAML_SCALAR_EVENT => {
                let scalar = event.data.scalar;
                let value = if scalar.value.is_null() {
                    Vec::new()
                } else {
                    std::slice::from_raw_parts(scalar.value, scalar.length as usize).to_vec()
                };
                Event::Scalar {
                    anchor: bytes(scalar.anchor),
                    tag: bytes(scalar.tag),
                    value,
                    plain: scalar.style == sys::YAML_PLAIN_SCALAR_STYLE,
                }
            }
            sys::YAML_SEQUENCE_START_EVENT => Event::SequenceStart {
                anchor: bytes(event.data.sequence_start.anchor),
            },
            sys::YAML_MAPPING_START_EVENT => Event::MappingStart {
                anchor: bytes(event.data.mapping_start.anchor),
            },
            sys::YAML_SEQUENCE_END_EVENT | sys::YAML_MAPPING_END_EVENT => Event::End,
            _ => Event::Other,
        }
    }
}

unsafe fn problem(parser: *const sys::yaml_parser_t) -> Problem {
    // SAFETY: the parser's error fields are set by libyaml when a call fails.
    unsafe {
        let p = &*parser;
        let text = |ptr: *const std::ffi::c_char| {
            (!ptr.is_null()).then(|| std::ffi::CStr::from_ptr(ptr).to_string_lossy().into_owned())
        };
        Problem {
            problem: text(p.problem)
                .unwrap_or_else(|| "unknown problem parsing YAML content".into()),
            offset: p.problem_mark.index as usize,
            line: p.problem_mark.line as usize,
            context_line: p.context_mark.line as usize,
            scanner: p.error == sys::YAML_SCANNER_ERROR,
        }
    }
}
