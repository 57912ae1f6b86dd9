#!/usr/bin/env python3
"""Writes ccd_vf.csv and ccd_ee.csv: elementary CCD queries with truth known by construction.

Each query is 8 rows `x_num,x_den,y_num,y_den,z_num,z_den,truth` (exact rationals). Cases cover the hard
degenerate situations: touching at t=0 and t=1, hits exactly on edges and vertices, motion within the plane
(always coplanar), parallel and collinear edges, collapsed triangles, near misses by 1e-30, and coordinates
whose numerators and denominators exceed 64 bits. Re-run to regenerate: python3 make_ccd_queries.py
"""
from fractions import Fraction as F
import itertools, random

def row(p, truth):
    out = []
    for c in p:
        c = F(c)
        out += [c.numerator, c.denominator]
    return ",".join(str(x) for x in out + [truth])

def query(points, truth):
    assert len(points) == 8
    return [row(p, truth) for p in points]

def static(*pts):  # same positions at t0 and t1
    return list(pts) + list(pts)

def transform(points, scale, offset):
    return [tuple(F(c) * scale + o for c, o in zip(p, offset)) for p in points]

TRI = [(0, 0, 0), (1, 0, 0), (0, 1, 0)]
EPS = F(1, 10**30)

vf = []
def add_vf(v0, v1, tri0, tri1, truth):
    vf.append((query([v0] + tri0 + [v1] + tri1, truth), truth))

# Through the interior, beside, parallel above.
add_vf((F(1,4), F(1,4), 1), (F(1,4), F(1,4), -1), TRI, TRI, 1)
add_vf((2, 2, 1), (2, 2, -1), TRI, TRI, 0)
add_vf((F(1,4), F(1,4), 1), (F(3,4), F(1,4), 1), TRI, TRI, 0)
# Touching at the ends of the interval, and stopping just short.
add_vf((F(1,4), F(1,4), 1), (F(1,4), F(1,4), 0), TRI, TRI, 1)
add_vf((F(1,4), F(1,4), 0), (F(1,4), F(1,4), 1), TRI, TRI, 1)
add_vf((F(1,4), F(1,4), 1), (F(1,4), F(1,4), EPS), TRI, TRI, 0)
# Exactly through an edge, exactly through a vertex, just outside the hypotenuse.
add_vf((F(1,2), F(1,2), 1), (F(1,2), F(1,2), -1), TRI, TRI, 1)
add_vf((0, 0, 1), (0, 0, -1), TRI, TRI, 1)
add_vf((F(1,2) + EPS, F(1,2), 1), (F(1,2) + EPS, F(1,2), -1), TRI, TRI, 0)
# Motion inside the plane (always coplanar): sliding into the triangle, and sliding past it.
add_vf((-1, F(1,4), 0), (F(1,4), F(1,4), 0), TRI, TRI, 1)
add_vf((-1, -1, 0), (2, -1, 0), TRI, TRI, 0)
# The face moves onto a static vertex; a rotating face sweeping past a vertex.
add_vf((F(1,3), F(1,3), F(1,2)), (F(1,3), F(1,3), F(1,2)), TRI, [(0, 0, 1), (1, 0, 1), (0, 1, 1)], 1)
add_vf((F(1,3), F(1,3), 2), (F(1,3), F(1,3), 2), TRI, [(0, 0, 1), (1, 0, 1), (0, 1, 1)], 0)
# Both move: they meet at t = 1/2 at (1/4, 1/4, 0) ... the face moves up by 1, the vertex down by 1.
add_vf((F(1,4), F(1,4), F(1,2)), (F(1,4), F(1,4), F(-1,2)), [(0,0,F(-1,2)),(1,0,F(-1,2)),(0,1,F(-1,2))],
       [(0,0,F(1,2)),(1,0,F(1,2)),(0,1,F(1,2))], 1)
# Collapsed triangle (collinear corners): the vertex crosses the segment; the vertex passes far away.
SEG = [(0, 0, 0), (2, 0, 0), (1, 0, 0)]
add_vf((1, 0, 1), (1, 0, -1), SEG, SEG, 1)
add_vf((1, 5, 1), (1, 5, -1), SEG, SEG, 0)
# Crossing the plane at the same time as it passes the triangle's corner region (tangent-like grazing).
add_vf((1, 1, 1), (-1, -1, -1), TRI, TRI, 1)
add_vf((2, 2, 1), (0, 0, -1), TRI, TRI, 0)          # crosses the plane at (1, 1, 0): outside

ee = []
def add_ee(a, b, a1, b1, truth):
    ee.append((query(list(a) + list(b) + list(a1) + list(b1), truth), truth))

EA = [(0, 0, 0), (2, 0, 0)]
# Crossing: edge b along y passes down through edge a along x.
add_ee(EA, [(1, -1, 1), (1, 1, 1)], EA, [(1, -1, -1), (1, 1, -1)], 1)
add_ee(EA, [(3, -1, 1), (3, 1, 1)], EA, [(3, -1, -1), (3, 1, -1)], 0)      # passes beyond the end
add_ee(EA, [(2, -1, 1), (2, 1, 1)], EA, [(2, -1, -1), (2, 1, -1)], 1)      # exactly through an endpoint
add_ee(EA, [(2 + EPS, -1, 1), (2 + EPS, 1, 1)], EA, [(2 + EPS, -1, -1), (2 + EPS, 1, -1)], 0)  # misses by 1e-30
add_ee(EA, [(1, -1, 1), (1, 1, 1)], EA, [(1, -1, 0), (1, 1, 0)], 1)        # touching at t = 1
add_ee(EA, [(1, -1, 1), (1, 1, 1)], EA, [(1, -1, EPS), (1, 1, EPS)], 0)    # stops just short
# Parallel edges: coming together and overlapping; parallel and offset along the line; collinear.
add_ee(EA, [(1, 1, 0), (3, 1, 0)], EA, [(1, 0, 0), (3, 0, 0)], 1)
add_ee(EA, [(3, 1, 0), (5, 1, 0)], EA, [(3, 0, 1), (5, 0, 1)], 0)
add_ee(EA, [(4, 0, 0), (5, 0, 0)], EA, [(2, 0, 0), (3, 0, 0)], 1)          # collinear, slides to touch
add_ee(EA, [(4, 0, 0), (5, 0, 0)], EA, [(3, 0, 0), (4, 0, 0)], 0)          # collinear, stays apart
# Always coplanar (z = 0): b sweeps across a within the plane; b moves past a within the plane.
add_ee(EA, [(1, 1, 0), (1, 2, 0)], EA, [(1, -2, 0), (1, -1, 0)], 1)
add_ee(EA, [(3, 1, 0), (3, 2, 0)], EA, [(3, -2, 0), (3, -1, 0)], 0)
# Rotating edge sweeping over a static one, and one that rotates while staying clear.
add_ee(EA, [(1, -1, 1), (1, 1, 1)], EA, [(0, 0, -1), (2, 0, 1)], 1)
add_ee(EA, [(1, -1, 1), (1, 1, 1)], EA, [(0, 1, 1), (2, -1, 1)], 0)

# Big rationals: every case again, scaled by 10^25/3 and offset by (2^70/7, -3^50/11, 5^30): numerators and
# denominators beyond 64 bits, same truth (an affine map with positive scale preserves contact).
SCALE = F(10**25, 3)
OFFSET = (F(2**70, 7), F(-3**50, 11), F(5**30))
def scaled(rows_truths):
    out = []
    for rows, truth in rows_truths:
        pts = []
        for r in rows:
            v = [int(x) for x in r.split(",")]
            pts.append((F(v[0], v[1]), F(v[2], v[3]), F(v[4], v[5])))
        out.append((query(transform(pts, SCALE, OFFSET), truth), truth))
    return out

for name, cases in (("ccd_vf.csv", vf), ("ccd_ee.csv", ee)):
    allc = cases + scaled(cases)
    with open(name, "w") as f:
        for rows, truth in allc:
            f.write("\n".join(rows) + "\n")
    print(name, len(allc), "queries,", sum(t for _, t in allc), "colliding")
