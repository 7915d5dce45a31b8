package api

// Proxied lists nginx's gzip_proxied values, `off` among them (NGINX Gateway Fabric).
// +enum
type Proxied string

const (
	ProxiedOff     Proxied = "off"
	ProxiedExpired Proxied = "expired"
	ProxiedAny     Proxied = "any"
)

// Settings has a property named `y`, which YAML 1.1 reads as `true` when plain.
type Settings struct {
	Proxied Proxied `json:"proxied"`
	Y       string  `json:"y"`
}
