module example.com/modcache

go 1.22

require (
	github.com/Example/Widgets v1.2.3
	example.org/old v2.0.0+incompatible
)
