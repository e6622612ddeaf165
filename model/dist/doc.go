// Package dist holds the distribution families of a time (service,
// interarrival, patience) as the network file and the commands give them:
// one type per family, in its own file, with its parameters as exported
// fields (gonum stat/distuv's style) and the same method set (Family):
// its name, mean and squared coefficient of variation, validation naming
// the file key at fault, its file parameters for writing, the same law
// at another mean, a sampler drawing from a des stream without
// allocating, and its phase-type representation where it has one (for
// the exact CTMC of analytic/ctmc).
//
// Table is the one list of the families by name: reading a file
// (Parse), writing one (Dist.Params), the commands' choices and every
// error that lists the valid names read it. Adding a family is its file
// and one row of Table.
//
// Dist is a family or nothing (the zero Dist: a class not served at a
// station, no patience); its methods are safe on the zero value.
package dist
