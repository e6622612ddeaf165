// Package paymentswitch is queuelab's first system: a card-payment switch
// between merchants and card issuers, simulated one transaction at a time
// on the des engine, with the original's per-minute formula model as a twin
// engine producing the same indicator rows (the original is an educational
// page that computes each minute from textbook formulas; its numbers win).
//
// [System] (Name "switch") is what the command line uses: the [Controls],
// the four [Scenarios] with stories, lessons and goals, and [New], which
// returns the des engine (kind "des") or the formula twin (kind "formula").
// Both implement scenario.Engine with the columns of [Columns]; the des
// engine also implements scenario.Pictured.
//
// # The path of an attempt (des engine)
//
// A transaction is a customer's payment: genuine or fraud (fraud share 0.1 %,
// 1 % in the fraud wave), issuer group A or B (B = 25 %), an amount
// (lognormal, median 40 u, σ = 1; fraud amounts ×1.5). It makes one or more
// attempts; each attempt follows this path:
//
//  1. Arrival. New transactions form a Poisson process whose rate is constant
//     within a minute: λ = 400 × surge(m) × (1 + N(0, 0.03)), the wobble drawn
//     once per minute. Retries arrive as described in step 7.
//  2. Fraud rule (first attempt only). The score is N(0, 1) for genuine and
//     N(2.5, 1) for fraud. Score ≥ t: declined. Score in [t − b, t) (band
//     b > 0): step-up verification, passed by 85 % of genuine customers and
//     5 % of fraudsters; a failure ends the transaction. The challenge takes
//     no simulated time (the original charges none). A retry is the same
//     transaction with the same score and verification, so it is not scored
//     again: only technical errors are retried, and they happen after the rule.
//  3. Admission. With load shedding on, an attempt is answered at once "try
//     again later" (shed) when the admitted attempts whose client is still
//     waiting number ≥ 0.9 × slots in service. Independently, the switch
//     keeps at most backlog requests queued per slot in service (control
//     backlog, default 40; see "The backlog bound" below); an attempt
//     that finds the backlog full, with every slot busy, is answered
//     "dropped in queue" at once.
//  4. Queue. Admitted attempts join a des.Station of 32 slots per server in
//     service, FCFS. A client waits at most 2 s: then it is answered
//     "dropped in queue" (authorization time 2 s), but its request stays in
//     the queue (des.StayQueued). When an abandoned request reaches a slot,
//     the switch works on it for ω = 0.3 times its holding time
//     (DiscardFraction; the holding time, 80 ms + min(L, T), + 80 ms if
//     L > T, is drawn when the attempt is admitted, with the issuer timeout
//     and group B's mean of that moment) and discards it.
//  5. Slot. A live attempt holds its slot for 80 ms of switch time plus the
//     issuer latency L ~ Exp(mean m), m = 250 ms for group A; group B's mean
//     is 250 ms (12 s in the outage) times a per-minute factor uniform in
//     [0.85, 1.15]. If L ≤ T (issuer timeout) the issuer answers and approves
//     (the issuer declines nothing in this model: every decline is the fraud
//     rule's). Otherwise the slot waits T, sends a reversal (80 ms more), and
//     the switch stands in — approves on the issuer's behalf — if the amount is
//     ≤ the stand-in limit, else answers "issuer unreachable". The client's
//     answer comes when the slot is released.
//  6. Outcome. Approved (issuer or stand-in), declined (rule or step-up), or
//     a technical error: shed, dropped in queue, issuer unreachable.
//  7. Retry. After a technical error the merchant retries with p = 0.95, at
//     most 3 retries per transaction; otherwise the transaction is lost.
//     Policy immediate: at a uniform time within the next calendar minute
//     (the original: "next minute"). Policy backoff: after a delay Exp(mean 1,
//     2, 4 min) for retries 1, 2, 3. The policy in force when the error
//     happens applies.
//
// Why goodput falls past capacity: in steady overload every request that
// enters the queue is eventually taken, live (rate x, costing a holding
// time S) or abandoned (rate λ − x, costing ωS), so the N slots satisfy
// x·S + (λ − x)·ωS = N, i.e. x = (N/S − ωλ)/(1 − ω) — the original's goodput
// formula emerges from the mechanics; TestGoodput measures it within 0.2 %.
// The queue settles where the wait at the head is about 2 s. Retries then
// raise λ, which lowers x, which raises the failures: a retry storm that
// holds the switch at zero goodput even with enough servers for the
// underlying traffic (TestRetryStorm), until shedding caps admission below
// capacity so that the queue never reaches the timeout.
//
// # The backlog bound
//
// The original's queue is a formula and holds nothing; a real switch's
// queue is memory, and every switch bounds it — by a count of pending
// requests per issuer link or connection, or by an age past which a
// request is not worth sending — because a request whose client has
// given up is pure waste and an unbounded queue turns a load spike into
// minutes of stale work (and, in the end, an out-of-memory crash). The
// backlog control is that bound, in requests per slot in service; it
// counts abandoned requests still queued. The default, 40, is at least
// 4 s of work (40 × ω × 0.33 s even if every queued request is
// abandoned): an attempt it refuses would have waited twice the client's
// 2 s timeout and been dropped anyway, so the bound answers it at once
// instead. It is also the value whose sale surge with no action matches
// the formula twin. It is not neutral: a refused attempt never costs the
// switch the discard work of an abandoned one, so in a retry storm the
// bound is a form of shedding. The sale
// surge with no action, seed 1 (Example_backlog; `queuelab run switch
// --scenario sale-surge --at 0m:backlog=N`):
//
//	engine, backlog          approval from the sale on   auth time   approval in minute 56
//	formula twin (none)      14.6 %                       1991 ms     63 %
//	des, 0 (no queue)        79.4 %                        328 ms    100 %
//	des, 40 (default)        14.5 %                       1986 ms     59 %
//	des, 400                 11.0 %                       1979 ms     19 %
//
// A longer backlog keeps more stale requests to discard after the sale,
// so the storm outlives the surge; with no queue at all the switch is a
// loss system (Erlang B): attempts that find every slot busy are refused
// at once, nobody waits out a timeout, no work is wasted, and most
// retries succeed — the same mechanism as load shedding. The formula twin
// ignores the control.
//
// Servers. The servers control sets the number ordered (2–24). An added
// server boots for 5 minutes, then its 32 slots join the station. Fewer servers
// cancel the newest boot orders first, then take servers out of service at
// once: their slots finish the attempts they hold and take no new ones (the
// station drains). Every ordered server, booting or in service, is billed
// 6 u/h from the minute it is ordered to the minute it is removed (draining
// takes at most T + 160 ms and is not billed).
//
// Scenario timeline. Events happen at minute 5. The surge steps the target
// level (×2 from minute 5 to 50) and traffic follows each step linearly
// over 2 minutes; per minute the engines use the ramp's average over the
// minute (×1.25, ×1.75, then ×2; back down the same way from minute 50).
// The fraud share and group B's latency change at once at minute 5.
//
// Events: every event runs through the one des scheduler, by its tie
// rules: new transactions (a Poisson stream restarted each minute) and the
// immediate retries due in a minute (their sorted uniform times drawn one
// after another) are two des.Sources, merged with the pending events in
// the scheduler's own order without passing through its heap (the run is
// the one scheduling each time as an event would give); backoff retries
// are timers; slot releases and queue give-ups are the station's own
// events (a release at the instant of a give-up serves the client:
// des.PriorityTimeout).
//
// Random streams (des.Streams; mulberry32 by default, bit-exact with the
// originals; NewWithGenerator takes des.PCG for long runs): arrivals, fraud (genuine or
// fraud), group, scores, stepup, amounts, latency, retries, wobble (the
// per-minute arrival and group-B factors, drawn in the same order by both
// engines, so they see the same wobbles). Changing the threshold does not
// change the arrivals, and so on (TestStreamsSeparate). Every transaction
// and attempt lives in a des.Slab, so steady state
// does not allocate; memory grows with the transactions in flight or
// waiting to retry.
//
// # Experiments
//
// [OpenLoad] drives the des engine with an open Poisson load and nothing
// else (no wobble, no retries, no rule declines, no scenario event) and
// returns per-minute measurements: offered, shed, dropped, served and
// answered attempts, the measured slot time of live and of abandoned
// requests, per issuer group the forwarded attempts, timeouts and
// Σ min(L, T), and the slot pool's [scenario.StationStats]. The des engine's
// Stations method gives the slot pool's cumulative L, λ and W data on any
// scenario. The validation catalogue (package validate) checks the
// overload goodput, shedding, issuer timeouts and Little's law with them.
//
// # Indicators
//
// Every column's Doc (see [Columns]) says what is counted. In short:
// outcome rates are per transaction, by the minute of the final outcome
// (good approval, healthy-issuer approval); rule rates are per new
// transaction, by the minute it arrived (good declined by rule, step-up
// share, fraud stopped); queue and issuer rates are per attempt, by the
// minute it was answered (authorization time, dropped in queue, issuer
// timeouts); the fraud rate is per approved amount in the minute; flows
// are per second of the minute; busy slots is a time average over the
// minute; servers, cost rate and waiting retries are the state at the end
// of the minute; "so far" columns are cumulative. Totals pool all events of
// the run (not a mean of minute values).
//
// Status words (headline columns): good approval warning < 99 %, critical
// < 95 %; authorization time warning > 500 ms, critical > 1500 ms; fraud
// warning > 13 bp (the original's reference scale), critical > 25 bp;
// busy slots warning > 80 %, critical > 95 %.
//
// Goals are evaluated at the end of the run: a "mean" goal is the mean of
// the per-minute values of its indicator over minutes 5 (the event) to the
// last, skipping minutes where it is undefined; cost and stand-in risk are
// the run's totals.
//
// A normal run reproduces the original's normal day (TestNormalDay, with
// 4-standard-error tolerances): good approval 99.87 % (99.9 %),
// authorization 330 ms, fraud 10.4 bp, busy slots 68.75 % (69 %), 1.35 ‰
// good customers declined, 30.9 % fraud stopped, 400 tx/s, 36 u/h.
//
// # The formula twin
//
// The original's per-minute model, minute by minute, with the same
// scenario, controls, servers, billing and wobbles: the minute's count
// N(60λ, √(60λ)) (λ including the wobble); the rule's shares from the
// binormal ROC (analytic.Binormal.StepUp); the holding time
// S = 80 ms + Σ share·(E[min(L, T)] + P(L > T)·80 ms) over the groups'
// shares of this minute's attempts; shedding admits min(λ, 0.9·N/S); below
// capacity Erlang C gives P(W > 2 s) = C·e^{−(N/S − λ)·2 s} and the mean
// wait C/(N/S − λ) (capped at 2 s); at or above capacity the goodput
// formula, with served attempts waiting the full 2 s; stand-in shares and
// volumes from the lognormal CDF and partial expectation; retries are
// per-minute flows by class (genuine/fraud × group) and retry number,
// moved to later minutes by the policy's delay law (backoff retries that
// would land in the same minute go to the next: a per-minute model cannot
// retry within the minute). One refinement over the original: a
// transaction that failed because its issuer timed out with an amount above
// the stand-in limit keeps that amount, so its retries are tracked apart and
// get no fresh chance of a small amount — without this the twin
// overestimated group B's approval in the issuer outage by 20 points.
//
// Known, quantified differences between the engines: shedding in the des
// engine is a loss system with 0.9·N places, which near saturation blocks
// a few percent more than min(λ, 0.9·N/S); the Erlang C and goodput
// formulas are steady-state results applied to each minute, so the twin
// reacts to a change at once where the des engine's queue takes seconds to
// fill or drain; with immediate retries both engines retry in the next
// minute. TestScenarioGoals (checkTwinAgreement) bounds the differences on
// the reference playbooks; the normal day agrees within sampling noise.
//
// # Scenario lessons
//
// Sale surge: past capacity a queue does not degrade gracefully — clients
// give up at the 2 s timeout while the switch still spends work on their
// requests, so goodput falls as load rises, and immediate retries turn
// every failure into more load: a retry storm that keeps the switch locked
// even after servers are added. Load shedding answers the excess at once,
// backoff spreads the retries, and servers ordered early (they boot for 5
// minutes) carry the sale; give them back when it ends. Reference playbook
// (playbooks/switch-sale-surge.yaml): at 5m servers 12, shedding on, retry
// backoff; at 52m servers 6 — 99.3 % approval, 328 ms, 64.2 u on seed 1
// (Example_playbooks).
//
// Fraud wave: the right threshold depends on the base rate — ten times more
// fraud moves the cost-optimal threshold down by ln 10/d′ ≈ 0.9σ, but a
// lower threshold alone declines many good customers (18 ‰ at 2.1σ). A
// step-up band questions the doubtful middle instead: 85 % of good
// customers pass it, 5 % of fraudsters do. Reference: at 5m threshold 2.9,
// step-up 1.6 — 21.8 bp, 98.4 % approval, 1.9 ‰ declined by the rule on
// the formula twin (Example).
// The goals leave a narrow window (fraud ≤ 25 bp needs a wide band, approval
// ≥ 98 % limits it); the playbook sits in its middle.
//
// Issuer outage: Little's law — busy slots = arrival rate × holding time —
// so one slow issuer holding slots for 8 s fills every slot and starves the
// healthy issuers too. A short issuer timeout caps the holding time; a
// modest stand-in limit approves the slow issuer's small amounts at a risk
// the issuer never checked (customers above the limit keep failing);
// shedding and a few servers absorb the retries. Reference: at 5m issuer
// timeout 800 ms, stand-in limit 60 u, shedding on, servers 10 — 99.2 %
// healthy-issuer approval, 92.9 % good approval, 6.3 M u risk, 58 u on
// seed 1 (Example_playbooks). A much higher stand-in limit (1000 u)
// without the servers and shedding leaves the pool at ρ ≈ 1, where the
// engines part: see package validate's twin comparison.
package paymentswitch
