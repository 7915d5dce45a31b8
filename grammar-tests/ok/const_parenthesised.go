package consts

type Path string

const base = "root"

const (
	Nested Path = ((base) + ("/" + "leaf"))
	Double Path = (("x"))
	Ref         = Path(base + ("/" + "b"))
	Shift       = (1 + 2) * 3
	Hex         = 0x1F
	Chain       = base + "/" + "c" + "/" + "d"
)
