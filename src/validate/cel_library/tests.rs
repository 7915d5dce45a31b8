//! Unit tests of the libraries.

use super::*;
use serde_json::Value;

fn eval(rule: &str, this: Value) -> Result<Cel, String> {
    let rules = super::super::rules::Rules::new();
    rules.eval_for_tests(rule, this)
}

#[test]
fn kubernetes_library() {
    let yes = |rule: &str, this: Value| {
        assert_eq!(
            eval(rule, this.clone()),
            Ok(Cel::Bool(true)),
            "{rule} on {this}"
        )
    };
    yes("isIP(self) && ip(self).family() == 4", "10.0.0.1".into());
    yes(
        "isCIDR(self) && cidr(self).prefixLength() == 8",
        "10.0.0.0/8".into(),
    );
    yes("!isIP(self)", "10.0.0.300".into());
    yes(
        "isURL(self) && url(self).getScheme() == 'https' && url(self).getHostname() == 'a.b'",
        "https://a.b:8/x?y=1".into(),
    );
    yes(
        "quantity(self).isGreaterThan(quantity('1Gi'))",
        "2Gi".into(),
    );
    yes(
        "!format.dns1123Subdomain().validate(self).hasValue()",
        "a.b".into(),
    );
    yes(
        "format.dns1123Label().validate(self).hasValue()",
        "A_b".into(),
    );
    yes(
        "self.matches('^a+$') && self.find('a+') == 'aa'",
        "aa".into(),
    );
    yes(
        "self.isSorted() && self.sum() == 6",
        serde_json::json!([1, 2, 3]),
    );
    yes("self.lowerAscii() == 'ab'", "AB".into());
    yes("self.split('/').size() == 2", "a/b".into());
}
