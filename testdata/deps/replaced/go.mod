module example.com/replaced

go 1.22

require (
	example.com/shared v0.1.0
	example.com/legacy v1.0.0
	example.com/pinned v0.5.0
)

// A local directory replaces every version of example.com/shared.
replace example.com/shared => ../shared-local

replace (
	// Version-specific: applies, because v1.0.0 is the required version.
	example.com/legacy v1.0.0 => example.com/Modern v2.1.0
	// Version-specific: does not apply (v0.4.0 is not required); the cache at v0.5.0 is used.
	example.com/pinned v0.4.0 => ../nowhere
)
