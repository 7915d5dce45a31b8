package consts

import corev1 "k8s.io/api/core/v1"

type Proto string

const prefix = "pre-"

const (
	TCP     = Proto("TCP")
	Mirror  = Proto(corev1.ProtocolUDP)
	Joined  = Proto(prefix + "joined")
	Wrapped = (Proto)("wrapped")
	Raw     Proto = `raw\n`
)

const Single = Proto("single")
