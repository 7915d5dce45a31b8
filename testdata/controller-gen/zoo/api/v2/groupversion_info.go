// Package v2 contains the zoo API, version v2alpha1 (its `+versionName`).
// +groupName=zoo.example.com
// +versionName=v2alpha1
package v2
