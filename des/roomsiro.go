package des

// siroRoom is the waiting room of SIRO: the waiting customers in a bag in
// no order (each job knows its index, job.pos), so that add, a uniform
// draw and remove are O(1).
type siroRoom struct{ bag []int32 }

func newSIRORoom(int) room { return &siroRoom{} }

func (r *siroRoom) add(jobs *Slab[job], i int32, _ bool) {
	jobs.At(i).pos = int32(len(r.bag))
	r.bag = append(r.bag, i)
}

// next draws one waiting customer uniformly with the station's Stream.
func (r *siroRoom) next(jobs *Slab[job], random *Stream) int32 {
	i := r.bag[random.IntN(len(r.bag))]
	r.remove(jobs, i)
	return i
}

// remove takes i out of the bag by moving the last entry into its place.
func (r *siroRoom) remove(jobs *Slab[job], i int32) {
	p := jobs.At(i).pos
	last := r.bag[len(r.bag)-1]
	r.bag[p] = last
	jobs.At(last).pos = p
	r.bag = r.bag[:len(r.bag)-1]
}
