package esc

type Esc string

const (
	Bell      Esc = "\a"
	Back      Esc = "\b"
	Feed      Esc = "\f"
	Line      Esc = "\n"
	Ret       Esc = "\r"
	Tab       Esc = "\t"
	Vert      Esc = "\v"
	Slash     Esc = "\\"
	Quote     Esc = "\""
	Octal     Esc = "\101\060"
	HexByte   Esc = "\x41\x7e"
	Little    Esc = "\u00e9\u4e16"
	Big       Esc = "\U0001F600"
	Mixed     Esc = "a\tb\\c\"d\x21"
	RawQuote  Esc = `no \n "escapes" here`
	Unicode   Esc = "héllo, 世界"
)
