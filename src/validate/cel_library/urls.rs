//! Kubernetes' url library (`library/urls.go`).

use super::*;

pub(super) fn url_this(ftx: &FunctionContext) -> Result<Url, ExecutionError> {
    let this = this_value(ftx).ok_or_else(|| err(ftx.name, "no target"))?;
    let (s, _) = untag(&this, "url").ok_or_else(|| err(ftx.name, "expected a url"))?;
    parse_url(&s).map_err(|e| err(ftx.name, e))
}

/// The url library (`urls.go`): `isURL`, `url` (Go's `url.ParseRequestURI`), `getScheme`,
/// `getHost`, `getHostname`, `getPort`, `getEscapedPath`, `getQuery`.
pub(super) fn url_functions(context: &mut Context<'static, 'static>) {
    context
        .add_function(
            "isURL",
            |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                Ok(Cel::Bool(
                    parse_request_uri(&string_arg(&args, 0, "isURL")?).is_ok(),
                ))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
            "url",
            |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                let s = string_arg(&args, 0, "url")?;
                parse_url(&s).map_err(|e| {
                    k8s_err(
                        "url",
                        format!("URL parse error during conversion from string: {e}"),
                    )
                })?;
                Ok(tagged("url", &s, None))
            },
        )
        .expect(DECLARED);
    type Part = fn(Url) -> String;
    let parts: [(&str, Part); 5] = [
        ("getScheme", |u| u.scheme),
        ("getHost", |u| u.host),
        ("getHostname", |u| u.hostname()),
        ("getPort", |u| u.port()),
        ("getEscapedPath", |u| u.path),
    ];
    for (name, part) in parts {
        context
            .add_function(name, move |ftx: &FunctionContext| -> R {
                Ok(Cel::String(Arc::new(part(url_this(ftx)?))))
            })
            .expect(DECLARED);
    }
    context
        .add_function("getQuery", |ftx: &FunctionContext| -> R {
            let url = url_this(ftx)?;
            let map: HashMap<Key, Cel> = go_net::query(&url.raw_query)
                .into_iter()
                .map(|(k, values)| {
                    let values = values.into_iter().map(|v| Cel::String(Arc::new(v)));
                    (
                        Key::String(Arc::new(k)),
                        Cel::List(Arc::new(values.collect())),
                    )
                })
                .collect();
            Ok(Cel::Map(CelMap { map: Arc::new(map) }))
        })
        .expect(DECLARED);
}
