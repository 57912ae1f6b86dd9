#!/usr/bin/env bash
# Checks the example outputs in the documentation against the built programs, so they cannot go stale.
#
#   bash docs/examples.sh [BUILD_DIR]      (default: build; ctest runs it as docs.examples)
#
# An example is a fenced block right after a line `<!-- example -->` in README.md or docs/*.md. Its lines that
# start with `$ ` are commands (a line ending in `\` continues on the next); they run in order, with bash, in
# a scratch folder where scenes/, shots/, assets/ and tests/ lead to the repository's and build/ to BUILD_DIR,
# so the commands read as a reader types them from the repository root and what they write is thrown away. Every
# other line of the block is expected output (stdout, then stderr, of all the commands): the lines must
# appear in the output in this order and next to each other, except where a line `...` stands for any number
# of lines, as does a command line between expected lines. Leading and trailing output lines may be left out.
#
# Only what is deterministic is compared. Times vary, so the marker names them with a regular expression
# (Python syntax) whose matches become `~` in the expected and the actual lines alike (only the text of its
# groups, when it has groups):
#   <!-- example mask: \s*\d+\.\d+ -->   every decimal number is a time here (counters are integers); the
#                                        spaces before it go too, as a table pads a time to its width
#   <!-- example mask: ^(?:[^,]*,){14}([^,]*),([^,]*), -->  CSV fields 15 and 16 are times
# A command expected to fail says its exit code: `<!-- example exit=2 -->` (any other code fails the example;
# without it, the code must be 0). Both may be given: `<!-- example exit=1 mask: REGEX -->`.
#
# Prints each example's file, line and first command with ok or FAILED, and for a failure the first expected
# line not found and the output line closest to it. Exits 1 if any example failed, 0 otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
case $build in /*) ;; *) build=$root/$build ;; esac
exec python3 - "$root" "$build" <<'PYTHON'
import difflib, glob, os, re, shutil, subprocess, sys, tempfile, time

root, build = sys.argv[1], sys.argv[2]
docs = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
marker = re.compile(r"^<!-- example(?: exit=(\d+))?(?: mask: (.*?))? -->\s*$")


def examples(path):
    """Yields (line number of the marker, exit code, mask regex or None, commands, expected lines)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = marker.match(lines[i])
        if not m:
            i += 1
            continue
        at, code, mask = i + 1, int(m.group(1) or 0), m.group(2)
        i += 1
        if i >= len(lines) or not lines[i].startswith("```"):
            raise SystemExit(f"{path}:{at}: an example marker must stand right before a fenced block")
        i += 1
        commands, expected = [], []
        while i < len(lines) and not lines[i].startswith("```"):
            line = lines[i]
            if line.startswith("$ "):
                command = line[2:]
                while command.endswith("\\") and i + 1 < len(lines):
                    i += 1
                    command = command[:-1] + " " + lines[i].strip()
                commands.append(command)
                if expected:  # the next command's output follows the previous one's, after any lines
                    expected.append((i + 1, "..."))
            else:
                expected.append((i + 1, line.rstrip()))
            i += 1
        if not commands:
            raise SystemExit(f"{path}:{at}: the example's block has no `$ ` command line")
        yield at, code, mask, commands, expected
        i += 1


def masked(line, mask):
    """The line with each match of `mask` replaced by `~` (only the groups' text, if it has groups)."""
    if not mask:
        return line

    def tilde(m):
        if not m.re.groups:
            return "~"
        text, at = "", m.start()
        for g in range(1, m.re.groups + 1):
            if m.start(g) >= 0:
                text += line[at:m.start(g)] + "~"
                at = m.end(g)
        return text + line[at:m.end()]

    return re.sub(mask, tilde, line)


def find(segment, actual, start):
    """Index where `segment` (expected lines) occurs contiguously in `actual` from `start`, or -1."""
    n = len(segment)
    for k in range(start, len(actual) - n + 1):
        if actual[k:k + n] == segment:
            return k
    return -1


def check(expected, output, mask):
    """None if the expected lines occur in the output as described, else (line number, line, closest)."""
    actual = [masked(line.rstrip(), mask) for line in output.split("\n")]
    segments, current = [], []
    for number, line in expected:
        if line == "...":
            segments.append(current)
            current = []
        else:
            current.append((number, masked(line, mask)))
    segments.append(current)
    start = 0
    for segment in segments:
        if not segment:
            continue
        k = find([line for _, line in segment], actual, start)
        if k >= 0:
            start = k + len(segment)
            continue
        # The longest prefix of the segment that does occur: the line after it is the one that went stale.
        best = 0
        for j in range(1, len(segment)):
            if find([line for _, line in segment[:j]], actual, start) < 0:
                break
            best = j
        number, line = segment[best]
        closest = difflib.get_close_matches(line, actual[start:], n=1, cutoff=0)
        return number, line, closest[0] if closest else "(no output)"
    return None


scratch = tempfile.mkdtemp(prefix="cdlab-examples-")
try:
    for name in ("scenes", "shots", "assets", "tests"):
        os.symlink(os.path.join(root, name), os.path.join(scratch, name))
    os.symlink(build, os.path.join(scratch, "build"))
    env = dict(os.environ, CDLAB_SETTINGS=os.path.join(scratch, "viewer.json"))
    total = failed = 0
    for path in docs:
        rel = os.path.relpath(path, root)
        for at, code, mask, commands, expected in examples(path):
            total += 1
            began = time.monotonic()
            try:
                run = subprocess.run(["bash", "-c", "set -e\n" + "\n".join(commands)], cwd=scratch, env=env,
                                     capture_output=True, text=True, timeout=300,
                                     stdin=subprocess.DEVNULL)
                output, rc = run.stdout + run.stderr, run.returncode
            except subprocess.TimeoutExpired:
                output, rc = "(timed out after 300 s)", -1
            problem = None
            if rc != code:
                problem = f"exit code {rc}, expected {code}"
            else:
                stale = check(expected, output, mask)
                if stale:
                    number, line, closest = stale
                    problem = (f"line {number} not in the output:\n    expected: {line}\n"
                               f"    closest:  {closest}")
            seconds = time.monotonic() - began
            print(f"{rel}:{at}: {commands[0][:90]}  ({seconds:.1f} s) {'FAILED' if problem else 'ok'}")
            if problem:
                failed += 1
                print("  " + problem)
                if rc != code:
                    print("  output:\n" + "\n".join("    " + l for l in output.rstrip().split("\n")[-15:]))
    print(f"examples: {total} checked, {failed} failed")
    sys.exit(1 if failed else 0)
finally:
    shutil.rmtree(scratch, ignore_errors=True)
PYTHON
