//! Kubernetes' `resource.Quantity` exactly (k8s.io/apimachinery `pkg/api/resource`): a decimal
//! mantissa and a power of ten, parsed as `ParseQuantity` parses (its errors, its rounding up to
//! the nano), compared and converted as the CEL quantity library does (`asInteger` fails past
//! int64, `quantity('10E').asInteger()` included), where a float would round.

use std::cmp::Ordering;

/// ParseQuantity's format error.
pub const FORMAT_WRONG: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/// `mantissa × 10^exponent`, the mantissa without trailing zeros (0 has exponent 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quantity {
    mantissa: i128,
    exponent: i32,
}

impl Quantity {
    fn new(mantissa: i128, exponent: i32) -> Quantity {
        let (mut mantissa, mut exponent) = (mantissa, exponent);
        if mantissa == 0 {
            return Quantity {
                mantissa: 0,
                exponent: 0,
            };
        }
        while mantissa % 10 == 0 {
            mantissa /= 10;
            exponent += 1;
        }
        Quantity { mantissa, exponent }
    }

    /// `ParseQuantity`: the value, or its error text.
    pub fn parse(text: &str) -> Result<Quantity, String> {
        let s = text;
        if s.is_empty() {
            return Err("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'".into());
        }
        let (negative, rest) = match s.as_bytes()[0] {
            b'-' => (true, &s[1..]),
            b'+' => (false, &s[1..]),
            _ => (false, s),
        };
        let number_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let (number, suffix) = rest.split_at(number_end);
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        if (whole.is_empty() && fraction.is_empty()) || fraction.contains('.') {
            return Err(FORMAT_WRONG.into());
        }
        if !suffix
            .chars()
            .all(|c| "eEinumkKMGTP+-0123456789".contains(c))
        {
            return Err(FORMAT_WRONG.into());
        }
        let digits = format!("{whole}{fraction}");
        let digits = digits.trim_start_matches('0');
        if digits.len() > 36 {
            return Err("unable to parse numeric part of quantity".into());
        }
        let mantissa: i128 = if digits.is_empty() {
            0
        } else {
            digits
                .parse()
                .map_err(|_| "unable to parse numeric part of quantity")?
        };
        let mantissa = if negative { -mantissa } else { mantissa };
        let mut exponent = -(fraction.len() as i32);
        let mut binary = 0u32;
        match suffix {
            "" => {}
            "n" => exponent -= 9,
            "u" => exponent -= 6,
            "m" => exponent -= 3,
            "k" => exponent += 3,
            "M" => exponent += 6,
            "G" => exponent += 9,
            "T" => exponent += 12,
            "P" => exponent += 15,
            "E" => exponent += 18,
            "Ki" => binary = 10,
            "Mi" => binary = 20,
            "Gi" => binary = 30,
            "Ti" => binary = 40,
            "Pi" => binary = 50,
            "Ei" => binary = 60,
            other => {
                let Some(e) = other.strip_prefix(['e', 'E']) else {
                    return Err("unable to parse quantity's suffix".into());
                };
                let e: i32 = e
                    .parse()
                    .ok()
                    .filter(|e: &i32| e.abs() <= 1_000_000)
                    .ok_or("unable to parse quantity's suffix")?;
                exponent += e;
            }
        }
        let mut mantissa = mantissa;
        if binary > 0 {
            mantissa = mantissa
                .checked_mul(1i128 << binary)
                .ok_or("unable to parse numeric part of quantity")?;
        }
        Ok(Quantity::new(mantissa, exponent).round_up_to_nano())
    }

    /// Quantities keep nine decimals: more precision is rounded up (away from zero).
    fn round_up_to_nano(self) -> Quantity {
        if self.exponent >= -9 {
            return self;
        }
        let drop = (-9 - self.exponent) as u32;
        let divisor = 10i128.checked_pow(drop);
        let mantissa = match divisor {
            Some(d) => {
                let q = self.mantissa / d;
                if self.mantissa % d == 0 {
                    q
                } else {
                    q + self.mantissa.signum()
                }
            }
            None => self.mantissa.signum(),
        };
        Quantity::new(mantissa, -9)
    }

    /// `AsInt64`: the value when it is an integer that fits an int64.
    pub fn as_int64(&self) -> Option<i64> {
        if self.exponent < 0 {
            return None;
        }
        let scale = 10i128.checked_pow(self.exponent as u32)?;
        i64::try_from(self.mantissa.checked_mul(scale)?).ok()
    }

    /// `AsApproximateFloat64`.
    pub fn as_f64(&self) -> f64 {
        format!("{}e{}", self.mantissa, self.exponent)
            .parse()
            .unwrap_or(0.0)
    }

    pub fn sign(&self) -> i64 {
        self.mantissa.signum() as i64
    }

    /// The exact value as text [`Quantity::parse`] reads back (`15e-1`).
    pub fn to_text(&self) -> String {
        format!("{}e{}", self.mantissa, self.exponent)
    }

    pub fn add(&self, other: &Quantity) -> Option<Quantity> {
        let exponent = self.exponent.min(other.exponent);
        let a = self
            .mantissa
            .checked_mul(10i128.checked_pow((self.exponent - exponent) as u32)?)?;
        let b = other
            .mantissa
            .checked_mul(10i128.checked_pow((other.exponent - exponent) as u32)?)?;
        Some(Quantity::new(a.checked_add(b)?, exponent))
    }

    pub fn negated(&self) -> Quantity {
        Quantity::new(-self.mantissa, self.exponent)
    }

    pub fn from_int(i: i64) -> Quantity {
        Quantity::new(i128::from(i), 0)
    }
}

impl Ord for Quantity {
    fn cmp(&self, other: &Quantity) -> Ordering {
        let (a, b) = (self.mantissa.signum(), other.mantissa.signum());
        if a != b || a == 0 {
            return a.cmp(&b);
        }
        // Same sign: compare magnitudes by their orders, then aligned.
        let magnitude = |q: &Quantity| {
            q.mantissa.unsigned_abs().to_string().len() as i64 + i64::from(q.exponent)
        };
        let order = magnitude(self).cmp(&magnitude(other));
        let by_magnitude = if order != Ordering::Equal {
            order
        } else {
            let exponent = self.exponent.min(other.exponent);
            let scale = |q: &Quantity| {
                q.mantissa.unsigned_abs() * 10u128.pow((q.exponent - exponent) as u32)
            };
            scale(self).cmp(&scale(other))
        };
        if a < 0 {
            by_magnitude.reverse()
        } else {
            by_magnitude
        }
    }
}

impl PartialOrd for Quantity {
    fn partial_cmp(&self, other: &Quantity) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities_are_exact() {
        let q = |s: &str| Quantity::parse(s).unwrap();
        assert_eq!(q("10E").as_int64(), None);
        assert_eq!(q("9E").as_int64(), Some(9_000_000_000_000_000_000));
        assert_eq!(q("1.5").as_int64(), None);
        assert_eq!(q("1500m").as_int64(), None);
        assert_eq!(q("2000m").as_int64(), Some(2));
        assert_eq!(q("1Ki").as_int64(), Some(1024));
        assert_eq!(q("0.5Ki").as_int64(), Some(512));
        assert_eq!(q("1e3").as_int64(), Some(1000));
        assert_eq!(q("1Gi").cmp(&q("1G")), Ordering::Greater);
        assert_eq!(q("1").cmp(&q("1000m")), Ordering::Equal);
        assert_eq!(q("-1").cmp(&q("0")), Ordering::Less);
        assert_eq!(q("0.1n"), q("1n"));
        assert_eq!(
            q("100000000000000000001").cmp(&q("100000000000000000000")),
            Ordering::Greater
        );
        assert!(Quantity::parse("1.2.3").is_err());
        assert!(Quantity::parse("abc").is_err());
        assert!(Quantity::parse("1Zi").is_err());
        assert_eq!(q("1.5").add(&q("1.5")).unwrap().as_int64(), Some(3));
        assert_eq!(Quantity::parse(&q("1.5").to_text()).unwrap(), q("1.5"));
    }
}
