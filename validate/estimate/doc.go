// Package estimate turns the output of a simulation into point estimates
// with confidence intervals: the estimators package validate judges
// formulas with, and the live pages and commands print.
//
// A run's statistics arrive as k groups — the batches of one long run
// (batch means) or k independent replications — each a numerator y_b and
// a denominator x_b: total wait over customers, busy-server area over
// time, customers who waited over customers admitted. An Estimate is the
// ratio of the totals Σy/Σx with the batch-means standard error of that
// ratio (the delta method; Law, Simulation Modeling and Analysis, 5th ed.,
// 2015, §9.5.3 and §9.6) and a Student-t interval on k − 1 degrees of
// freedom. Ratio builds one from the sums, Mean from plain values (a
// denominator of 1 each), and an Estimate gives its interval at any
// confidence level (HalfWidthAt).
//
// The batches themselves are laid out by the simulator (model/network:
// equal runs of whole observation windows after the warm-up, the warm-up
// chosen by the caller or by MSER-5, des.MSER5; White, Cobb & Spratt,
// WSC 2000). Twenty to thirty batches are the usual advice (Schmeiser,
// "Batch size effects in the analysis of simulation output", Operations
// Research 30, 1982; Law 2015, §9.5.3); validate uses 30. The t
// quantiles are des.StudentTQuantile's (gonum's incomplete-beta inverse).
//
// Quantiles of a batch's observations are the empirical quantile of rank
// ⌈p·n⌉ (SortedQuantile; Hyndman & Fan, "Sample quantiles in statistical
// packages", The American Statistician 50, 1996, definition 1), one per
// batch, with a batch-means interval over the k batch quantiles.
package estimate
