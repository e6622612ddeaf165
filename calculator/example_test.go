package calculator_test

import (
	"fmt"
	"os"

	"queuelab/calculator"
)

// The switch's slot pool on a normal day: 192 slots, 400 transactions per
// second holding a slot 330 ms each; then the sale surge at 800 per
// second, which M/M/c cannot take.
func ExampleFormula_Evaluate() {
	f, _ := calculator.Lookup("mmc")
	in, outs, err := f.Evaluate(map[string]string{"servers": "192", "arrival-rate": "400", "service-mean": "330ms"})
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _ := in.Number("service-mean")
	fmt.Printf("S = %g s\n", s)
	_ = calculator.WriteJSON(os.Stdout, f.Name, outs[len(outs)-1:])
	_, _, err = f.Evaluate(map[string]string{"servers": "192", "arrival-rate": "800", "service-mean": "330ms"})
	fmt.Println(calculator.IsInputError(err))
	// Output:
	// S = 0.33 s
	// {
	//   "name": "mmc",
	//   "utilization": 0.6875
	// }
	// true
}
