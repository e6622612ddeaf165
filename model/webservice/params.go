package webservice

import (
	"fmt"
	"math"

	"queuelab/des"
)

// Params are the constants of the model, grouped by the component that
// reads them. Defaults returns the original's values; every field the
// original leaves open is marked "choice".
type Params struct {
	Workers WorkerParams  // the instances' workers and the app work they do
	Cache   CacheParams   // the cache, its warm share and the warm-up job
	DB      DBParams      // the database
	Traffic TrafficParams // the arrivals
	Builds  BuildParams   // the bad build's deploy and the rollback
	Fleet   FleetParams   // the instances, the autoscaler and their cost
	SLO     SLOParams     // the error budget
	Meter   MeterParams   // what is measured: the latency sketch and the picture
}

// WorkerParams are the workers' and the app work's constants.
type WorkerParams struct {
	PerInstance int     // workers per instance (16)
	AppTime     float64 // mean app CPU time per request, s (0.050)
	RecsAppTime float64 // extra app time with recommendations on, s (0.020)
	AppCV       float64 // choice: coefficient of variation of the app time: 1 = exponential (default, the formula's M/M/c), 0 = deterministic, other = lognormal
	Timeout     float64 // worker wait before a timeout error, s (2)
}

// CacheParams are the cache's constants.
type CacheParams struct {
	Objects        int     // hot objects (20,000)
	ZipfS          float64 // choice: popularity exponent; 0 = uniform (default)
	TTL            float64 // default TTL, s (60)
	RefillTau      float64 // warm share refill time constant, s (1800)
	RefillSlowFrom float64 // choice: DB utilisation above which the refill slows, reaching a standstill at 100 % (0.8)
	WarmupRate     float64 // warm share added per minute by the warm-up job (0.12)
	WarmupMinutes  int     // length of the warm-up job (6)
	WarmupQueries  float64 // extra DB queries/s while it runs (600)
}

// DBParams are the database's constants.
type DBParams struct {
	Queries     int     // DB queries per missed request (2)
	RecsQueries int     // extra queries with recommendations on (1)
	Capacity    float64 // queries/s (4000)
	BaseTime    float64 // base query time, s (0.005)
	MaxTime     float64 // a query past this fails its request, s (0.250)
	Pooled      bool    // choice: the lanes share one queue (M/M/c) instead of one queue each (default false: per lane, where 5 ms/(1 − ρ) is exact)
}

// TrafficParams are the arrivals' constants.
type TrafficParams struct {
	BaseRate  float64 // req/s (1000)
	Amplitude float64 // diurnal amplitude (0.25)
	Wobble    float64 // per-minute rate factor 1 + N(0, Wobble) (0.02)
	LowShare  float64 // low-priority share of traffic (0.30)
}

// BuildParams are the builds' constants.
type BuildParams struct {
	BadErrors       float64 // error share added by the bad build (0.05)
	BadCPU          float64 // app time factor of the bad build (1.25)
	DeployMinutes   int     // choice: a deploy is rolling, one fifth of the fleet per minute (5)
	RollbackMinutes int     // rollback preparation (5)
}

// FleetParams are the fleet's, the autoscaler's and the bill's constants.
type FleetParams struct {
	PricePerHour  float64 // $ per instance-hour (0.40)
	MaxInstances  int     // fleet ceiling (40)
	DefaultMin    int     // minimum instances (10)
	DefaultTarget float64 // choice: autoscaling target utilisation (0.60)
	ScaleInShare  float64 // scale-in at most this share of the fleet at once (0.20)
	ScaleInQuiet  int     // minutes of lower demand before scaling in (10)
	BootDelay     float64 // choice: default boot delay, s (180)
}

// SLOParams are the error budget's constants.
type SLOParams struct {
	Target     float64 // 0.999
	Minutes    float64 // SLO period in minutes (43,200 = 30 days)
	BurnWindow int     // minutes of the burn-rate window (60)
}

// MeterParams are the measurement's constants.
type MeterParams struct {
	LatencyAlpha  float64 // relative accuracy of the latency quantile sketch (0.005)
	DotsPerMinute int     // requests sampled per minute for the picture (60)
}

// Defaults returns the original's constants and this package's choices.
func Defaults() Params {
	return Params{
		Workers: WorkerParams{PerInstance: 16, AppTime: 0.050, RecsAppTime: 0.020, AppCV: 1, Timeout: 2},
		Cache: CacheParams{Objects: 20000, TTL: 60, RefillTau: 1800, RefillSlowFrom: 0.8,
			WarmupRate: 0.12, WarmupMinutes: 6, WarmupQueries: 600},
		DB:      DBParams{Queries: 2, RecsQueries: 1, Capacity: 4000, BaseTime: 0.005, MaxTime: 0.250},
		Traffic: TrafficParams{BaseRate: 1000, Amplitude: 0.25, Wobble: 0.02, LowShare: 0.30},
		Builds:  BuildParams{BadErrors: 0.05, BadCPU: 1.25, DeployMinutes: 5, RollbackMinutes: 5},
		Fleet: FleetParams{PricePerHour: 0.40, MaxInstances: 40, DefaultMin: 10, DefaultTarget: 0.60,
			ScaleInShare: 0.20, ScaleInQuiet: 10, BootDelay: 180},
		SLO:   SLOParams{Target: 0.999, Minutes: 43200, BurnWindow: 60},
		Meter: MeterParams{LatencyAlpha: 0.005, DotsPerMinute: 60},
	}
}

// Validate reports the first parameter out of range, named by its path
// (e.g. DB.Capacity).
func (p Params) Validate() error {
	pos := func(name string, v float64) error {
		if !(v > 0) || math.IsInf(v, 0) {
			return fmt.Errorf("webservice: parameter %s = %v: must be a finite number > 0", name, v)
		}
		return nil
	}
	for _, c := range []struct {
		n string
		v float64
	}{
		{"Workers.PerInstance", float64(p.Workers.PerInstance)}, {"Workers.AppTime", p.Workers.AppTime}, {"DB.Queries", float64(p.DB.Queries)},
		{"DB.Capacity", p.DB.Capacity}, {"DB.BaseTime", p.DB.BaseTime}, {"DB.MaxTime", p.DB.MaxTime},
		{"Cache.Objects", float64(p.Cache.Objects)}, {"Cache.RefillTau", p.Cache.RefillTau}, {"Workers.Timeout", p.Workers.Timeout},
		{"Fleet.PricePerHour", p.Fleet.PricePerHour}, {"Fleet.MaxInstances", float64(p.Fleet.MaxInstances)},
		{"Builds.DeployMinutes", float64(p.Builds.DeployMinutes)}, {"Traffic.BaseRate", p.Traffic.BaseRate},
		{"SLO.Minutes", p.SLO.Minutes}, {"SLO.BurnWindow", float64(p.SLO.BurnWindow)},
		{"Fleet.DefaultTarget", p.Fleet.DefaultTarget}, {"Cache.TTL", p.Cache.TTL}, {"Meter.LatencyAlpha", p.Meter.LatencyAlpha},
	} {
		if err := pos(c.n, c.v); err != nil {
			return err
		}
	}
	return p.validateRanges()
}

// validateRanges checks the parameters that are not simply positive.
func (p Params) validateRanges() error {
	w, c, db, t, f := p.Workers, p.Cache, p.DB, p.Traffic, p.Fleet
	switch {
	case w.AppCV < 0 || math.IsNaN(w.AppCV) || math.IsInf(w.AppCV, 0):
		return fmt.Errorf("webservice: parameter Workers.AppCV = %v: must be ≥ 0", w.AppCV)
	case c.ZipfS < 0 || math.IsNaN(c.ZipfS) || math.IsInf(c.ZipfS, 0):
		return fmt.Errorf("webservice: parameter Cache.ZipfS = %v: must be ≥ 0", c.ZipfS)
	case !(db.MaxTime > db.BaseTime):
		return fmt.Errorf("webservice: parameter DB.MaxTime = %v: must exceed DB.BaseTime = %v", db.MaxTime, db.BaseTime)
	case !(p.SLO.Target > 0 && p.SLO.Target < 1):
		return fmt.Errorf("webservice: parameter SLO.Target = %v: must be in (0, 1)", p.SLO.Target)
	case !(t.LowShare >= 0 && t.LowShare <= 1), !(p.Builds.BadErrors >= 0 && p.Builds.BadErrors <= 1):
		return fmt.Errorf("webservice: Traffic.LowShare and Builds.BadErrors must be shares in [0, 1]")
	case !(c.RefillSlowFrom >= 0 && c.RefillSlowFrom < 1):
		return fmt.Errorf("webservice: parameter Cache.RefillSlowFrom = %v: must be in [0, 1)", c.RefillSlowFrom)
	case f.DefaultMin < 1 || f.DefaultMin > f.MaxInstances:
		return fmt.Errorf("webservice: parameter Fleet.DefaultMin = %d: must be in [1, Fleet.MaxInstances]", f.DefaultMin)
	case f.BootDelay < 0, t.Wobble < 0, t.Amplitude < 0 || t.Amplitude > 1:
		return fmt.Errorf("webservice: Fleet.BootDelay and Traffic.Wobble must be ≥ 0, Traffic.Amplitude in [0, 1]")
	}
	return nil
}

// lanes is the number of parallel lanes of the database station:
// capacity × base query time (4,000/s × 5 ms = 20).
func (p DBParams) lanes() int { return max(1, int(math.Round(p.Capacity*p.BaseTime))) }

// Config is one run: the parameters, the scenario's setting and the seed.
type Config struct {
	Params Params
	// Clock is the time of day at the start of the run, s since midnight.
	Clock float64
	// BudgetLeft is the share of the month's error budget left at the start.
	BudgetLeft float64
	// DeployAt is the minute a bad build starts rolling out (−1: none).
	DeployAt int
	// FlushAt is the minute the cache is flushed (−1: never).
	FlushAt int
	// Surge: from SurgeAt the rate is multiplied by a factor rising
	// linearly from 1 to SurgeSize over SurgeRamp minutes (SurgeAt −1:
	// none); it then holds for SurgeHold minutes and falls back to 1
	// linearly over SurgeFade minutes (SurgeFade 0: it never falls back).
	SurgeAt, SurgeRamp, SurgeHold, SurgeFade int
	SurgeSize                                float64
	// BootDelay overrides Params.Fleet.BootDelay (s) when ≥ 0.
	BootDelay float64
	Seed      uint64
	Gen       des.Generator
}

func (c Config) validate() error {
	if err := c.Params.Validate(); err != nil {
		return err
	}
	if !(c.BudgetLeft >= -10 && c.BudgetLeft <= 1) {
		return fmt.Errorf("webservice: BudgetLeft = %v: must be at most 1", c.BudgetLeft)
	}
	if c.SurgeAt >= 0 && !(c.SurgeSize > 0) {
		return fmt.Errorf("webservice: SurgeSize = %v: must be > 0", c.SurgeSize)
	}
	return nil
}

// surge returns the rate factor of minute m.
func (c Config) surge(m int) float64 {
	if c.SurgeAt < 0 || m < c.SurgeAt {
		return 1
	}
	if c.SurgeRamp <= 0 || m >= c.SurgeAt+c.SurgeRamp {
		fall := c.SurgeAt + max(c.SurgeRamp, 0) + c.SurgeHold // first minute of the fade
		switch {
		case c.SurgeFade <= 0 || m < fall:
			return c.SurgeSize
		case m >= fall+c.SurgeFade:
			return 1
		}
		f := float64(m-fall+1) / float64(c.SurgeFade+1)
		return c.SurgeSize + (1-c.SurgeSize)*f
	}
	f := float64(m-c.SurgeAt+1) / float64(c.SurgeRamp+1)
	return 1 + (c.SurgeSize-1)*f
}

// baseRate returns λ(t) without the wobble at the start of minute m:
// base·(1 + A·sin(2π(t + clock − 6 h)/24 h))·surge.
func (c Config) baseRate(m int) float64 {
	t := c.Params.Traffic
	h := (c.Clock + 60*float64(m) - 6*3600) / (24 * 3600)
	return t.BaseRate * (1 + t.Amplitude*math.Sin(2*math.Pi*h)) * c.surge(m)
}
