package api

// Spec inlines 70 levels of embedded structs; the tool follows 64.
type Spec struct {
	level0
}

type level0 struct {
	level1
}

type level1 struct {
	level2
}

type level2 struct {
	level3
}

type level3 struct {
	level4
}

type level4 struct {
	level5
}

type level5 struct {
	level6
}

type level6 struct {
	level7
}

type level7 struct {
	level8
}

type level8 struct {
	level9
}

type level9 struct {
	level10
}

type level10 struct {
	level11
}

type level11 struct {
	level12
}

type level12 struct {
	level13
}

type level13 struct {
	level14
}

type level14 struct {
	level15
}

type level15 struct {
	level16
}

type level16 struct {
	level17
}

type level17 struct {
	level18
}

type level18 struct {
	level19
}

type level19 struct {
	level20
}

type level20 struct {
	level21
}

type level21 struct {
	level22
}

type level22 struct {
	level23
}

type level23 struct {
	level24
}

type level24 struct {
	level25
}

type level25 struct {
	level26
}

type level26 struct {
	level27
}

type level27 struct {
	level28
}

type level28 struct {
	level29
}

type level29 struct {
	level30
}

type level30 struct {
	level31
}

type level31 struct {
	level32
}

type level32 struct {
	level33
}

type level33 struct {
	level34
}

type level34 struct {
	level35
}

type level35 struct {
	level36
}

type level36 struct {
	level37
}

type level37 struct {
	level38
}

type level38 struct {
	level39
}

type level39 struct {
	level40
}

type level40 struct {
	level41
}

type level41 struct {
	level42
}

type level42 struct {
	level43
}

type level43 struct {
	level44
}

type level44 struct {
	level45
}

type level45 struct {
	level46
}

type level46 struct {
	level47
}

type level47 struct {
	level48
}

type level48 struct {
	level49
}

type level49 struct {
	level50
}

type level50 struct {
	level51
}

type level51 struct {
	level52
}

type level52 struct {
	level53
}

type level53 struct {
	level54
}

type level54 struct {
	level55
}

type level55 struct {
	level56
}

type level56 struct {
	level57
}

type level57 struct {
	level58
}

type level58 struct {
	level59
}

type level59 struct {
	level60
}

type level60 struct {
	level61
}

type level61 struct {
	level62
}

type level62 struct {
	level63
}

type level63 struct {
	level64
	// ^@2 resolve/too-deep
}

type level64 struct {
	level65
}

type level65 struct {
	level66
}

type level66 struct {
	level67
}

type level67 struct {
	level68
}

type level68 struct {
	level69
}

type level69 struct {
	level70
}

type level70 struct {
	Name string `json:"name"`
}
