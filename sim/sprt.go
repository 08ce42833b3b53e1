package sim

import (
	"math"
	"math/rand/v2"
)

// BiasRuns is the number of simulated sequential tests behind a
// bias-corrected estimate.
const BiasRuns = 2000

// BiasCorrected is Whitehead's bias-adjusted estimate (Whitehead 1986,
// "On the bias of maximum likelihood estimation following a sequential
// test") of the mean paired difference in Axis wins after the SPRT s
// stopped: the value θ whose expected estimate at the stop equals the
// estimate observed, est. The bias of the stopping rule at θ is found by
// simulation: paired differences of +1 and −1 with the observed share of
// discordant pairs q, their balance giving θ, tested as the run tested
// them (from MinGames pairs on, at most maxPairs). Deterministic: the
// simulations' dice are fixed.
func (s *Stop) BiasCorrected(est, q float64, maxPairs int) float64 {
	if !(q > 0) || math.IsNaN(est) {
		return est
	}
	clamp := func(x float64) float64 { return max(-q, min(q, x)) }
	expected := func(theta float64) float64 {
		rng := rand.New(rand.NewPCG(1, 2)) // the same draws at every θ: a smooth bias
		pPlus, pMinus := (q+theta)/2, (q-theta)/2
		sum := 0.0
		for r := 0; r < BiasRuns; r++ {
			var m moments
			for m.n < float64(maxPairs) {
				u := rng.Float64()
				switch {
				case u < pPlus:
					m.add(1)
				case u < pPlus+pMinus:
					m.add(-1)
				default:
					m.add(0)
				}
				if m.n >= MinGames && s.Decide(m) != 0 {
					break
				}
			}
			sum += m.mean()
		}
		return sum / BiasRuns
	}
	theta := clamp(est)
	for k := 0; k < 6; k++ {
		next := clamp(est - (expected(theta) - theta))
		if math.Abs(next-theta) < 1e-4 {
			return next
		}
		theta = next
	}
	return theta
}
