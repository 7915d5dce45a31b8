module example.com/ws/crd

go 1.22

require (
	example.com/ws/api v0.0.0-00010101000000-000000000000
	github.com/Example/Widgets v1.2.3
)
