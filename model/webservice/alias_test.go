package webservice

import "queuelab/des"

func desStreamForTest(seed uint64) *des.Stream { return des.Streams{Seed: seed}.Stream("test") }
