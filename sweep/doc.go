// Package sweep runs designed experiments: a design file names a system
// (a scenario of the payment switch or the web service, the mmc station,
// a queueing network file),
// fixed settings, the factors to vary (a full grid, a Latin-hypercube
// sample, or both crossed), replications, a seed and the responses to
// record; Run runs every design point × replication and Summarize turns
// the results into a mean with a 95 % interval, and a goal success share,
// per design point and response.
//
// # Tasks and seeds
//
// Task i is design point i / R, replication i mod R (R replications). Its
// seed is des.ReplicationSeed(seed, replication): it depends on the
// replication only, so every design point sees the same random numbers
// in replication r (common random numbers: differences between points
// are not blurred by different luck), and any task can be rerun alone.
// Results are collected by task index, so the output is the same bytes
// whatever the number of workers or shards.
//
// # One replication engine
//
// Tasks run on des.RunTasks, the runner validate's catalogue uses too. It
// lives in des rather than here or in validate so that both can use it
// without a cycle (cmd → sweep → validate → model → des): a replication
// runner is part of a simulation study like the interval over
// replications (des.MeanCI) it feeds, and every package that runs studies
// already imports des.
//
// # Output directory
//
// With Options.Out, DIR/design.json holds the Plan (the expanded design
// and its hash), DIR/tasks.jsonl (tasks-I-of-N.jsonl for shard I of N) one
// JSON line per finished task, and, once the sweep is complete,
// summary.txt, summary.csv and summary.json. A line is a result only if
// it is complete (ends with a newline), parses and matches the plan: a
// line cut short by a crash is dropped and its task rerun, so running the
// same command again resumes an interrupted sweep. Merge combines the
// shards' files into the summary an unsharded run prints.
//
// # Systems
//
// A System adapter lists its factors as scenario.Controls — so a
// design's values are checked by the controls' own Parse, with their
// ranges — and its responses, and runs one design point with one seed.
// Adding a kind of model is one adapter registered in systems; the
// network adapter (net.go) is the example.
package sweep
