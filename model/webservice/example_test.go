package webservice_test

import (
	"fmt"

	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// The formula twin's first minutes of the normal morning: 10 instances,
// the cache answering about 77 % of requests, the database near 19 %.
func Example_formula() {
	e, err := webservice.New(scenario.Formula, "normal", 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := scenario.Run(e, nil, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	for m := range r.Minutes {
		fmt.Printf("minute %d: serving %.0f, cache hits %.0f %%, DB %.0f %%\n", m,
			r.Minutes[m][scenario.ColumnIndex(r.Columns, webservice.Serving)],
			100*r.Minutes[m][scenario.ColumnIndex(r.Columns, webservice.CacheHit)],
			100*r.Minutes[m][scenario.ColumnIndex(r.Columns, webservice.DBUtil)])
	}
	// Output:
	// minute 0: serving 10, cache hits 77 %, DB 19 %
	// minute 1: serving 10, cache hits 78 %, DB 19 %
	// minute 2: serving 10, cache hits 78 %, DB 19 %
}
