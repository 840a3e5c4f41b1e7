package org.geomech.ensemble;

/**
 * Statistics of one observer across the ok members at one time: mean, max, and the mean-square
 * deviation from each member's initial value, mu = 1/J sum_j (O_j(t) - O_j(0))^2 (001 eq. 33).
 */
public record Statistics(double mean, double max, double msd) {}
