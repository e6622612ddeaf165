package webservice

import (
	"fmt"
	"math"

	"queuelab/des"
)

// Params are the constants of the model. Defaults returns the original's
// values; every field the original leaves open is marked "choice".
type Params struct {
	Workers         int     // workers per instance (16)
	AppTime         float64 // mean app CPU time per request, s (0.050)
	RecsAppTime     float64 // extra app time with recommendations on, s (0.020)
	AppCV           float64 // choice: coefficient of variation of the app time: 1 = exponential (default, the formula's M/M/c), 0 = deterministic, other = lognormal
	Queries         int     // DB queries per missed request (2)
	RecsQueries     int     // extra queries with recommendations on (1)
	DBCapacity      float64 // queries/s (4000)
	DBBaseTime      float64 // base query time, s (0.005)
	DBMaxTime       float64 // a query past this fails its request, s (0.250)
	DBPooled        bool    // choice: the database's lanes share one queue (M/M/c) instead of one queue each (default false: per lane, where 5 ms/(1 − ρ) is exact)
	Objects         int     // hot objects (20,000)
	ZipfS           float64 // choice: popularity exponent; 0 = uniform (default)
	RefillTau       float64 // warm share refill time constant, s (1800)
	RefillSlowFrom  float64 // choice: DB utilisation above which the refill slows, reaching a standstill at 100 % (0.8)
	WarmupRate      float64 // warm share added per minute by the warm-up job (0.12)
	WarmupMinutes   int     // length of the warm-up job (6)
	WarmupQueries   float64 // extra DB queries/s while it runs (600)
	Timeout         float64 // worker wait before a timeout error, s (2)
	LowShare        float64 // low-priority share of traffic (0.30)
	BadErrors       float64 // error share added by the bad build (0.05)
	BadCPU          float64 // app time factor of the bad build (1.25)
	RollbackMinutes int     // rollback preparation (5)
	PricePerHour    float64 // $ per instance-hour (0.40)
	ScaleInShare    float64 // scale-in at most this share of the fleet at once (0.20)
	ScaleInQuiet    int     // minutes of lower demand before scaling in (10)
	MaxInstances    int     // fleet ceiling (40)
	DeployMinutes   int     // choice: a deploy is rolling, one fifth of the fleet per minute (5)
	BootDelay       float64 // choice: default boot delay, s (180)
	BaseRate        float64 // req/s (1000)
	Amplitude       float64 // diurnal amplitude (0.25)
	Wobble          float64 // per-minute rate factor 1 + N(0, Wobble) (0.02)
	SLO             float64 // 0.999
	SLOMinutes      float64 // SLO period in minutes (43,200 = 30 days)
	BurnWindow      int     // minutes of the burn-rate window (60)
	DefaultTarget   float64 // choice: autoscaling target utilisation (0.60)
	DefaultMin      int     // minimum instances (10)
	DefaultTTL      float64 // s (60)
	LatencyAlpha    float64 // relative accuracy of the latency quantile sketch (0.005)
	DotsPerMinute   int     // requests sampled per minute for the picture (60)
}

// Defaults returns the original's constants and this package's choices.
func Defaults() Params {
	return Params{
		Workers: 16, AppTime: 0.050, RecsAppTime: 0.020, AppCV: 1,
		Queries: 2, RecsQueries: 1,
		DBCapacity: 4000, DBBaseTime: 0.005, DBMaxTime: 0.250,
		Objects: 20000, RefillTau: 1800, RefillSlowFrom: 0.8,
		WarmupRate: 0.12, WarmupMinutes: 6, WarmupQueries: 600,
		Timeout: 2, LowShare: 0.30, BadErrors: 0.05, BadCPU: 1.25,
		RollbackMinutes: 5, PricePerHour: 0.40,
		ScaleInShare: 0.20, ScaleInQuiet: 10, MaxInstances: 40,
		DeployMinutes: 5, BootDelay: 180,
		BaseRate: 1000, Amplitude: 0.25, Wobble: 0.02,
		SLO: 0.999, SLOMinutes: 43200, BurnWindow: 60,
		DefaultTarget: 0.60, DefaultMin: 10, DefaultTTL: 60,
		LatencyAlpha: 0.005, DotsPerMinute: 60,
	}
}

// Validate reports the first parameter out of range.
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
		{"Workers", float64(p.Workers)}, {"AppTime", p.AppTime}, {"Queries", float64(p.Queries)},
		{"DBCapacity", p.DBCapacity}, {"DBBaseTime", p.DBBaseTime}, {"DBMaxTime", p.DBMaxTime},
		{"Objects", float64(p.Objects)}, {"RefillTau", p.RefillTau}, {"Timeout", p.Timeout},
		{"PricePerHour", p.PricePerHour}, {"MaxInstances", float64(p.MaxInstances)},
		{"DeployMinutes", float64(p.DeployMinutes)}, {"BaseRate", p.BaseRate},
		{"SLOMinutes", p.SLOMinutes}, {"BurnWindow", float64(p.BurnWindow)},
		{"DefaultTarget", p.DefaultTarget}, {"DefaultTTL", p.DefaultTTL}, {"LatencyAlpha", p.LatencyAlpha},
	} {
		if err := pos(c.n, c.v); err != nil {
			return err
		}
	}
	switch {
	case p.AppCV < 0 || math.IsNaN(p.AppCV) || math.IsInf(p.AppCV, 0):
		return fmt.Errorf("webservice: parameter AppCV = %v: must be ≥ 0", p.AppCV)
	case p.ZipfS < 0 || math.IsNaN(p.ZipfS) || math.IsInf(p.ZipfS, 0):
		return fmt.Errorf("webservice: parameter ZipfS = %v: must be ≥ 0", p.ZipfS)
	case !(p.DBMaxTime > p.DBBaseTime):
		return fmt.Errorf("webservice: parameter DBMaxTime = %v: must exceed DBBaseTime = %v", p.DBMaxTime, p.DBBaseTime)
	case !(p.SLO > 0 && p.SLO < 1):
		return fmt.Errorf("webservice: parameter SLO = %v: must be in (0, 1)", p.SLO)
	case !(p.LowShare >= 0 && p.LowShare <= 1), !(p.BadErrors >= 0 && p.BadErrors <= 1):
		return fmt.Errorf("webservice: LowShare and BadErrors must be shares in [0, 1]")
	case !(p.RefillSlowFrom >= 0 && p.RefillSlowFrom < 1):
		return fmt.Errorf("webservice: parameter RefillSlowFrom = %v: must be in [0, 1)", p.RefillSlowFrom)
	case p.DefaultMin < 1 || p.DefaultMin > p.MaxInstances:
		return fmt.Errorf("webservice: parameter DefaultMin = %d: must be in [1, MaxInstances]", p.DefaultMin)
	case p.BootDelay < 0, p.Wobble < 0, p.Amplitude < 0 || p.Amplitude > 1:
		return fmt.Errorf("webservice: BootDelay and Wobble must be ≥ 0, Amplitude in [0, 1]")
	}
	return nil
}

// dbLanes is the number of parallel lanes of the database station:
// capacity × base query time (4,000/s × 5 ms = 20).
func (p Params) dbLanes() int { return max(1, int(math.Round(p.DBCapacity*p.DBBaseTime))) }

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
	// BootDelay overrides Params.BootDelay (s) when ≥ 0.
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
	p := c.Params
	h := (c.Clock + 60*float64(m) - 6*3600) / (24 * 3600)
	return p.BaseRate * (1 + p.Amplitude*math.Sin(2*math.Pi*h)) * c.surge(m)
}
