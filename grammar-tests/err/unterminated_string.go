package broken

type Kind string

const Open Kind = "never closed

type Next struct{}
