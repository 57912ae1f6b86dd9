"""Same-hour A/B of two cdlab-bench binaries on the refactor bar's workloads (issues 27 and 41): the binaries
alternate, three runs each; prints every run and the ratio of the medians new/old.
   python3 scripts/ab_refactor.py OLD_BENCH NEW_BENCH [--no-bullets]      (run from the repository root)
   python3 scripts/ab_refactor.py OLD_BENCH NEW_BENCH --instructions
The second form is for a loaded machine, where wall-clock medians of two binaries differ by 2x from one run to
the next: it runs each workload once per binary under callgrind and compares the instructions executed (the
whole process: loading and preparing too), which do not depend on the load. It cannot see cache or branch
effects; use the first form on a quiet machine for those."""
import json, subprocess, csv, statistics, sys, os, re
bins = {'old': sys.argv[1], 'new': sys.argv[2]}
bullets = '--no-bullets' not in sys.argv[3:]
if '--instructions' in sys.argv[3:]:
    work = [('knot_teapot_close bvh', ['run', 'scenes/knot_teapot_close.json', '--frames', '30', '--algo', 'bvh']),
            ('knot_teapot_deep bvh', ['run', 'scenes/knot_teapot_deep.json', '--frames', '30', '--algo', 'bvh']),
            ('table1 (doors)', ['table1', '--no-peer']),
            ('walk catch', ['run', 'scenes/walk.json', '-a', 'catch']),
            ('walk catch[bounds=interval]', ['run', 'scenes/walk.json', '-a', 'catch:bounds=interval']),
            ('bullets rigid-ccd', ['run', 'scenes/bullets.json', '-a', 'rigid-ccd']),
            ('bullets rigid-ccd-bm', ['run', 'scenes/bullets.json', '-a', 'rigid-ccd-bm'])]
    print(f"{'workload':32s} {'old Ir':>16s} {'new Ir':>16s} {'new/old':>8s}")
    for label, args in work:
        ir = {}
        for name in ('old', 'new'):
            r = subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=/dev/null', bins[name]] + args,
                               capture_output=True, text=True, check=True)
            ir[name] = int(re.search(r'Collected : (\d+)', r.stderr).group(1))
        print(f"{label:32s} {ir['old']:16d} {ir['new']:16d} {ir['new'] / ir['old']:8.4f}", flush=True)
    sys.exit(0)
res = {}
def run_json(b, args):
    subprocess.run([b] + args + ['--json', f'/tmp/ab_refactor_{os.getpid()}.json'], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    d = json.load(open(f'/tmp/ab_refactor_{os.getpid()}.json'))
    return {a['label']: a['frame_ms']['median'] for a in d['algorithms']}
def run_csv_sum(b, args, algo):
    subprocess.run([b] + args + ['--csv', f'/tmp/ab_refactor_{os.getpid()}.csv'], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    tot = 0.0
    for row in csv.DictReader(open(f'/tmp/ab_refactor_{os.getpid()}.csv')):
        if row['algorithm'] == algo:
            tot += sum(float(v) for k, v in row.items() if k.endswith('_ms'))
    return tot
def table1(b):
    out = subprocess.run([b, 'table1', '--no-peer', '--repeat', '3'], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith('total time (s)'):
            p = line.split(); return float(p[3]), float(p[4])
for rep in range(3):
    for name in (['old', 'new'] if rep % 2 == 0 else ['new', 'old']):
        b = bins[name]
        for scene in ['knot_teapot_close', 'knot_teapot_deep']:
            r = run_json(b, ['run', f'scenes/{scene}.json', '--frames', '30', '--repeat', '9', '--algo', 'bvh', '--algo', 'fcl'])
            res.setdefault((scene + ' bvh ms/frame', name), []).append(r['bvh'])
            res.setdefault((scene + ' fcl/bvh', name), []).append(r['fcl'] / r['bvh'])
        a, c = table1(b)
        res.setdefault(('table1 recording s without', name), []).append(a)
        res.setdefault(('table1 recording s with', name), []).append(c)
        # walk (zhang2007 Table 1): CATCH with both swept-box bounds, per-frame medians over the 145 frames.
        r = run_json(b, ['run', 'scenes/walk.json', '-a', 'catch', '-a', 'catch:bounds=interval', '-r', '3'])
        res.setdefault(('walk catch ms/frame', name), []).append(r['catch'])
        res.setdefault(('walk catch[bounds=interval] ms/frame', name), []).append(r['catch[bounds=interval]'])
        for algo in (['rigid-ccd', 'rigid-ccd-bm'] if bullets else []):
            s = run_csv_sum(b, ['run', 'scenes/bullets.json', '-a', 'rigid-ccd', '-a', 'rigid-ccd-bm', '-r', '9'], algo)
            res.setdefault((f'bullets {algo} ms (sum)', name), []).append(s)
keys = sorted({k for k, _ in res})
print(f"{'measure':40s} {'old (3 runs)':>30s} {'new (3 runs)':>30s} {'new/old':>8s}")
for k in keys:
    o, n = res[(k, 'old')], res[(k, 'new')]
    print(f"{k:40s} {' '.join(f'{x:.4g}' for x in o):>30s} {' '.join(f'{x:.4g}' for x in n):>30s} {statistics.median(n)/statistics.median(o):8.3f}")
