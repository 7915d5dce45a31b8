//! Examples of k8s.io/apiserver/pkg/cel/library's documentation and tests, in our words.

use super::super::rules::Rules;
use cel::Value as Cel;
use serde_json::Value;

fn eval(rule: &str) -> Result<Cel, String> {
    Rules::new().eval_for_tests(rule, Value::Null)
}

fn holds(rules: &[&str]) {
    for rule in rules {
        assert_eq!(eval(rule), Ok(Cel::Bool(true)), "{rule}");
    }
}

/// A library error the API server reports as the rule's evaluation error.
fn fails(rule: &str, text: &str) {
    let error = eval(rule).unwrap_err();
    assert!(error.contains(super::K8S_ERROR), "{rule}: {error}");
    assert!(error.contains(text), "{rule}: {error}");
}

#[test]
fn ip_library() {
    holds(&[
        "isIP('192.168.0.1') && isIP('2001:db8::68')",
        "!isIP('192.168.0.01') && !isIP('::ffff:192.168.0.1') && !isIP('fe80::1%eth0')",
        "ip('192.168.0.1').family() == 4 && ip('::1').family() == 6",
        "ip('127.0.0.1').isLoopback() && ip('::1').isLoopback()",
        "ip('0.0.0.0').isUnspecified() && ip('::').isUnspecified()",
        "ip('224.0.0.1').isLinkLocalMulticast() && ip('ff02::1').isLinkLocalMulticast()",
        "!ip('224.0.1.1').isLinkLocalMulticast()",
        "ip('169.254.1.1').isLinkLocalUnicast() && ip('fe80::1').isLinkLocalUnicast()",
        "ip('192.168.0.1').isGlobalUnicast() && ip('2001:db8::1').isGlobalUnicast()",
        "!ip('255.255.255.255').isGlobalUnicast() && !ip('ff00::1').isGlobalUnicast()",
        "ip.isCanonical('127.0.0.1') && ip.isCanonical('2001:db8::abcd')",
        "!ip.isCanonical('2001:DB8::ABCD') && !ip.isCanonical('2001:db8:0:0:0:0:0:abcd')",
        "ip('2001:db8::1') == ip('2001:DB8:0::1')",
    ]);
    fails(
        "ip('1.2.3') == ip('1.2.3.4')",
        "IP Address \"1.2.3\" parse error",
    );
}

#[test]
fn cidr_library() {
    holds(&[
        "isCIDR('192.168.0.0/16') && isCIDR('::1/128') && isCIDR('192.168.0.1/16')",
        "!isCIDR('192.168.0.0/33') && !isCIDR('::1/129') && !isCIDR('10.0.0.0')",
        "cidr('192.168.0.0/24').containsIP(ip('192.168.0.1'))",
        "!cidr('192.168.0.0/24').containsIP('192.168.1.1')",
        "cidr('192.168.0.0/16').containsCIDR(cidr('192.168.10.0/24'))",
        "!cidr('192.168.1.0/24').containsCIDR('192.168.2.0/24')",
        "!cidr('192.168.0.0/24').containsCIDR('192.168.0.0/23')",
        "cidr('2001:db8::/32').containsCIDR('2001:db8::/33')",
        "cidr('192.168.0.1/24').ip() == ip('192.168.0.1')",
        "cidr('::1/128').ip().family() == 6",
        "cidr('192.168.0.1/24').masked() == cidr('192.168.0.0/24')",
        "cidr('192.168.0.1/24') != cidr('192.168.0.1/24').masked()",
        "cidr('2001:db8::/32').prefixLength() == 32",
        // openshift/api's subnets rule
        "!['10.0.0.0/8'].all(e, ['192.168.0.0/16'].exists(s, cidr(s).containsCIDR(cidr(e))))",
    ]);
    fails(
        "cidr('192.168.0.0/') == cidr('192.168.0.0/24')",
        "netip.ParsePrefix(\"192.168.0.0/\"): bad bits after slash: \"\"",
    );
    fails(
        "cidr('10.0.0.0/8').containsIP('10.0.0')",
        "IP Address \"10.0.0\" parse error",
    );
}

#[test]
fn url_library() {
    holds(&[
        "isURL('https://example.com') && isURL('/absolute-path') && isURL('https:opaque')",
        "!isURL('example.com') && !isURL(' ') && !isURL('https://\\ntestingress.com')",
        "url('https://example.com:80/').getHost() == 'example.com:80'",
        "url('https://[::1]:80/').getHostname() == '::1'",
        "url('https://[::1]:80/').getPort() == '80'",
        "url('https://example.com/').getPort() == ''",
        "url('https://example.com/path with spaces/').getEscapedPath() != ''",
        "url('HTTPS://example.com').getScheme() == 'https'",
        "url('https://example.com/?k=a&k=b&x=1').getQuery()['k'] == ['a', 'b']",
        "url('https://example.com/#frag').getEscapedPath() == '/'",
    ]);
    fails(
        "url(' ').getScheme() == 'https'",
        "URL parse error during conversion from string: parse \" \": invalid URI for request",
    );
}

#[test]
fn lists_library() {
    holds(&[
        "[1, 2, 3].isSorted() && ['a', 'b', 'b', 'c'].isSorted() && ![2.0, 1.0].isSorted()",
        "[1, 3].sum() == 4 && [1.0, 3.0].sum() == 4.0",
        "[duration('1m'), duration('1s')].sum() == duration('61s')",
        "[1, 3].min() == 1 && [1, 3].max() == 3 && ['b', 'a'].min() == 'a'",
        "[duration('1m'), duration('1s')].max() == duration('1m')",
    ]);
    fails("[].min() == 1", "min called on empty list");
}

#[test]
fn sets_library() {
    holds(&[
        "sets.contains([1, 2, 3, 4], [2, 3]) && !sets.contains([1, 2], [3])",
        "sets.contains([1, 2], [1.0, 2u]) && sets.contains([], [])",
        "sets.equivalent([1, 2, 2], [2, 1]) && !sets.equivalent([1], [1, 2])",
        "sets.intersects([1, 2], [2, 3]) && !sets.intersects([1], []) && !sets.intersects([1], [2])",
    ]);
}

#[test]
fn semver_library() {
    holds(&[
        "isSemver('1.0.0') && !isSemver('v1.0') && isSemver('v1.0', true)",
        "!isSemver('1.0.0-01') && isSemver('1.0.0-alpha.1+build.2')",
        "semver('1.2.3').major() == 1 && semver('1.2.3').minor() == 2",
        "semver('1.2.3').patch() == 3 && semver('v01.02', true).minor() == 2",
        "semver('1.0.0') == semver('1.0.0+build') && semver('1.0.0') != semver('1.0.0-rc.1')",
        "semver('1.0.0').isGreaterThan(semver('1.0.0-rc.1'))",
        "semver('0.1.0').isLessThan(semver('1.0.0'))",
        "semver('1.2.3').compareTo(semver('2.0.0')) == -1",
        "semver('2.0.0').compareTo(semver('2.0.0')) == 0",
        // quantities still compare through the same names
        "quantity('1Gi').isGreaterThan(quantity('1G')) && quantity('1').compareTo(quantity('1000m')) == 0",
    ]);
    fails(
        "semver('1.0') == semver('1.0.0')",
        "No Major.Minor.Patch elements found",
    );
}

#[test]
fn durations_and_timestamps_are_the_standard_librarys() {
    holds(&[
        "duration('1h') < duration('2h') && duration('100m') > duration('15m')",
        "duration('0.001ms') < duration('1ms') && duration('1.5h') == duration('90m')",
        "duration('1h') + duration('30m') == duration('1h30m')",
        "duration('1h') - duration('90m') == duration('-30m')",
        "duration('1h30m').getMinutes() == 90",
        "timestamp('2024-01-01T00:00:00Z') + duration('24h') == timestamp('2024-01-02T00:00:00Z')",
        "timestamp('2024-01-01T00:00:00Z') < timestamp('2024-01-01T00:00:01Z')",
    ]);
}
