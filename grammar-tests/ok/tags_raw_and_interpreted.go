package tags

// Tagged shows both tag literal forms.
type Tagged struct {
	Raw         string `json:"raw" protobuf:"bytes,1,opt,name=raw"`
	Interpreted string "json:\"interpreted\" yaml:\"interp\""
	Escaped     string "json:\"tab\\there\" x:\"\\u00e9\""
	RawBackslash string `regex:"^\d+$" json:"rawBackslash"`
	NoTag       int
}
