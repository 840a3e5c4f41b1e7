"""The NumPy-style baseline of issue 8 item 3: the lobatto-nh:2 chaotic-nh step of benchmarks/c/roofline.c
(001 sec. 5 eq. (14), s = 2, reduced by hand: explicit stage velocities, one scalar solve for Lambda^2), written
with whole-ensemble NumPy arrays, one array operation per formula, the energy and constraint residual reduced
every t_end/100 as `geomech run` and the C loop do.

Usage: python3 baseline.py MEMBERS T_END H   prints the mean energy (compare with `roofline time chaotic ...`)
and "member-steps/s X".
"""
import sys
import time

import numpy as np


def initial(members):
    """geomech's default chaotic-nh initial conditions as the C loop makes them (multiplier 0)."""
    j = np.arange(members, dtype=np.float64)
    a = j * np.pi / (2 * max(members - 1, 1))
    q = np.array([np.cos(a), np.full(members, 0.6), np.full(members, 0.4), np.full(members, 0.2),
                  np.ones(members), np.ones(members), np.ones(members)])
    v = np.zeros((7, members))
    v[1] = np.sin(a)
    v[0] = -(q[4] * v[4] + q[5] * v[5] + q[6] * v[6])
    return q, v.copy(), np.zeros(members)


def gradient(x):
    """grad U for U = 1/2 (|q|^2 + q5^2 q6^2 + q2^2 q5^2 + q3^2 q6^2 + q4^2 q7^2)."""
    s = x * x
    return np.array([x[0], x[1] * (1 + s[4]), x[2] * (1 + s[5]), x[3] * (1 + s[6]),
                     x[4] * (1 + s[5] + s[1]), x[5] * (1 + s[4] + s[2]), x[6] * (1 + s[3])])


def step(q, p, lam, h):
    """One step: V = p + h/2 (-grad U(q) + A(q)^T lambda), Q = q + h V, the multiplier from A(Q) p' = 0."""
    hh = 0.5 * h
    a = np.array([np.ones_like(lam), np.zeros_like(lam), np.zeros_like(lam), np.zeros_like(lam), q[4], q[5], q[6]])
    V = p - hh * gradient(q) + hh * a * lam
    y = q + h * V
    u = V - hh * gradient(y)
    b = np.array([np.ones_like(lam), np.zeros_like(lam), np.zeros_like(lam), np.zeros_like(lam), y[4], y[5], y[6]])
    L = -(b * u).sum(axis=0) / (hh * (b * b).sum(axis=0))
    return y, u + hh * b * L, L


def observe(q, v):
    """Sum of the energies and largest constraint residual |A(q) v|."""
    U = 0.5 * ((q * q).sum(axis=0) + q[4] ** 2 * q[5] ** 2 + q[1] ** 2 * q[4] ** 2 + q[2] ** 2 * q[5] ** 2 + q[3] ** 2 * q[6] ** 2)
    energy = (0.5 * (v * v).sum(axis=0) + U).sum()
    residual = np.abs(v[0] + q[4] * v[4] + q[5] * v[5] + q[6] * v[6]).max()
    return energy, residual


def main():
    members, t_end, h = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
    steps = round(t_end / h)
    per = max(steps // 100, 1)
    q, p, lam = initial(members)
    start = time.perf_counter()
    for _ in range(100):
        for _ in range(per):
            q, p, lam = step(q, p, lam, h)
        energy, residual = observe(q, p)
    seconds = time.perf_counter() - start
    print(f"members {members} steps {per * 100} seconds {seconds:.3f} mean-energy {energy / members:.6g} max-residual {residual:.3g}")
    print(f"member-steps/s {members * per * 100 / seconds:.4g}")


if __name__ == "__main__":
    main()
