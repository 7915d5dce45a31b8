# Random JSON documents for scripts/compare-yaml-v2/run.sh: every yaml.v2 scalar style, folding
# at column 80, long keys, numbers. Keys are drawn from a set whose yaml.v2 order is transitive
# (some keys, b1c < b2c < b10c < b1c, make Go's order depend on random map iteration).
import json, random, sys
random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
atoms = ["", " ", "a", "y", "Y", "yes", "no", "on", "off", "true", "null", "~", "-", "--", "---", "...", "?", ":", "a:b", "a: b", "a #b", "a#b", "#a",
 "- a", "-a", "[a]", "{a}", "a,b", "&a", "*a", "!a", "|a", "@a", "`a", "'a", '"a', "%a", "1", "-1", "+1", "1.5", "1e3", "1_000", "0x1F", "0o17", "0b101", "010", "09",
 "1:30", "190:20:30", ".5", ".5_0", ".inf", ".Inf", "-.inf", "+.inf", ".nan", "1e400", "2006-01-02", "2006-1-2", "2006-02-30", "2006-01-02T15:04:05Z", "2006-01-02t15:04:05.123+07:00",
 "2006-01-02 15:04:05", "2006-01-02  1:2:3.5", "2006-13-01", "12345-01-01", "\t", "a\tb", "\n", "a\n", "a\nb", "a\n\n", "\na", " a", "a ", "a \nb", "a\n b", "é", "日本", "😀", "\u0085", "\u2028", "a\u2028b",
 "\u00a0", "\ufeffa", "\x07", "\r", "a\rb", "<<", "=", "a\\b", "a\"b", "a'b", "x-kubernetes-list-type", "0", "00", "0.0", "-0", "1.", "+.5", "1e+3", "1E3", "0x", "0xG", "inf", "Infinity", "nan", "NaN",
 "12:30:45", "1_2:30", "-1:30", "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616", "-9223372036854775808", "-9223372036854775809"]
words = ["lorem", "ipsum", "dolor", "sit", "amet,", "consectetur", "adipiscing", "elit.", "a", "bb", "x:", "#y", "'q'", "\"d\"", "-", "aVeryLongWordWithoutAnySpacesInsideItAtAllxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "é", "\t"]
def rstr():
    r = random.random()
    if r < 0.45:
        return random.choice(atoms)
    if r < 0.85:
        n = random.randint(1, 40)
        seps = [" "] * 10 + ["  ", "\n", "\n\n", " \n", "\n ", ". "]
        s = ""
        for i in range(n):
            s += random.choice(words)
            if i < n - 1:
                s += random.choice(seps)
        if random.random() < 0.2: s += random.choice([" ", "\n", "\n\n", "."])
        if random.random() < 0.1: s = random.choice([" ", "\n", "-", "'", "\""]) + s
        return s
    return "".join(random.choice(atoms) for _ in range(random.randint(2, 5)))
def rnum():
    r = random.random()
    if r < 0.4: return random.randint(-1000, 1000)
    if r < 0.5: return random.choice([2**63-1, -2**63, 2**64-1, 0])
    if r < 0.9: return random.choice([0.5, 1.5, 1e-7, 1e-5, 1e-4, 0.0001234, 123456.5, 1234567.5, 1e20, 1e21, 1.5e300, 3.14159, -2.5, 1e6+0.5, 99999.9, 999999.9])
    return random.uniform(-1e9, 1e9)
def rkey():
    r = random.random()
    if r < 0.6: return random.choice(["a", "b", "z", "A", "Z", "a1", "a2", "a10", "a0", "x-1", "x-10", "x_2", "1", "2", "10", "apiVersion", "kind", "metadata", "spec", "é", "_a", "-a", "a-b", "a.b", "a b", ""])
    if r < 0.9: return random.choice(["x-kubernetes-list-type", "type", "properties", "description", "v1", "v1beta1", "v2alpha1", "ipv4", "ipv6", "a_b", "x.y", "true", "yes", "null", "a:b", "a: b", "#a", "- a", "", " ", "é", "Zeta", "zeta", "a\tb", "a\nb", "k8s", "k3s"])
    return "k" * random.randint(120, 140)
def rval(d):
    r = random.random()
    if d > 4 or r < 0.5:
        r2 = random.random()
        if r2 < 0.7: return rstr()
        if r2 < 0.9: return rnum()
        return random.choice([True, False, None])
    if r < 0.75:
        return {rkey(): rval(d + 1) for _ in range(random.randint(0, 6))}
    return [rval(d + 1) for _ in range(random.randint(0, 4))]
for _ in range(N):
    t = json.dumps({rkey(): rval(1) for _ in range(random.randint(1, 8))}, ensure_ascii=False)
    print(t.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))
