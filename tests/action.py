#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make check-action: action.yml's composite steps run here, as a runner
would run them, with stand-in GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and
GITHUB_ACTIONS, against the fake endpoint.

Each step's env: is filled the way the runner fills it (github.action_path,
inputs with their defaults, steps.ID.outputs.KEY from the outputs written
so far); a step that uses another action (the artifact upload) cannot run
here and is named as skipped. Checked: a healthy endpoint gives verdict
SERVES and exit-code 0, its reports and the job summary written and the
last step passing; a broken one gives FAILURES and exit-code 1, an error
annotation, and the last step failing; the key given as an input is
masked and never written to a report.

Usage: tests/action.py REPO_ROOT
"""
import os
import re
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
KEY = "sk-action-test-7f3a91"
EXPR = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


def start_fake(scenario):
    fake = subprocess.Popen(
        [os.path.join(ROOT, "fixtures/fake-endpoint"), "--scenario",
         os.path.join(ROOT, "fixtures/scenarios", scenario + ".json")],
        stdout=subprocess.PIPE, text=True)
    line = fake.stdout.readline()
    port = re.match(r"PORT=(\d+)", line)
    if not port:
        fake.kill()
        raise SystemExit("check-action: the fake endpoint gave no port: %r" % line)
    return fake, "http://127.0.0.1:%s/v1" % port.group(1)


def value(expr, inputs, outputs):
    """An expression of the ones action.yml's env: and with: hold."""
    if expr == "github.action_path":
        return ROOT
    m = re.fullmatch(r"inputs\.([\w-]+)", expr)
    if m:
        return inputs[m.group(1)]
    m = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr)
    if m:
        return outputs.get(m.group(1), {}).get(m.group(2), "")
    raise SystemExit("check-action: an expression this runner does not know: " + expr)


def fill(text, inputs, outputs):
    return EXPR.sub(lambda m: value(m.group(1), inputs, outputs), str(text))


def read_outputs(path):
    out = {}
    with open(path) as f:
        for line in f:
            if "=" in line:
                k, v = line.rstrip("\n").split("=", 1)
                out[k] = v
    return out


def run_action(action, given, work):
    """Runs the composite steps; returns (outputs by step, last exit, log)."""
    inputs = {k: str(v.get("default", "")) for k, v in action["inputs"].items()}
    inputs.update(given)
    outputs, log, code = {}, "", 0
    summary = os.path.join(work, "summary.md")
    for i, step in enumerate(action["runs"]["steps"]):
        name = step.get("name", "step %d" % i)
        if "uses" in step:
            log += "skipped here (uses %s): %s\n" % (step["uses"], name)
            continue
        out = os.path.join(work, "output-%d" % i)
        open(out, "w").close()
        env = dict(os.environ, GITHUB_OUTPUT=out, GITHUB_STEP_SUMMARY=summary,
                   GITHUB_ACTIONS="true")
        for k, v in (step.get("env") or {}).items():
            env[k] = fill(v, inputs, outputs)
        # as the runner runs shell: bash
        proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                               step["run"]], env=env, cwd=work,
                              capture_output=True, text=True)
        log += proc.stdout + proc.stderr
        code = proc.returncode
        if "id" in step:
            outputs[step["id"]] = read_outputs(out)
        if code and i + 1 < len(action["runs"]["steps"]) - 1:
            raise SystemExit("check-action: step '%s' failed (%d):\n%s" % (name, code, log))
    return outputs, code, log


def case(action, scenario, want_verdict, want_code):
    fake, url = start_fake(scenario)
    try:
        with tempfile.TemporaryDirectory() as work:
            outputs, last, log = run_action(
                action, {"endpoint": url, "checks": "smoke,json", "api-key": KEY}, work)
            run = outputs["run"]
            problems = []
            if run.get("verdict") != want_verdict:
                problems.append("verdict %r, wanted %r" % (run.get("verdict"), want_verdict))
            if run.get("exit-code") != str(want_code) or last != want_code:
                problems.append("exit-code %r and last step %d, wanted %d"
                                % (run.get("exit-code"), last, want_code))
            for key in ("junit", "json", "html", "markdown"):
                if not os.path.getsize(os.path.join(work, run[key])):
                    problems.append("no %s report" % key)
            if not os.path.getsize(os.path.join(work, "summary.md")):
                problems.append("nothing in the job summary")
            if "::add-mask::" + KEY not in log:
                problems.append("the key was not masked")
            for dirpath, _, files in os.walk(work):
                for f in files:
                    with open(os.path.join(dirpath, f), errors="replace") as fh:
                        if KEY in fh.read():
                            problems.append("the key is in " + f)
            if want_code and "::error" not in log:
                problems.append("no error annotation")
            if problems:
                raise SystemExit("check-action (%s): %s\n%s" % (scenario, "; ".join(problems), log))
            skipped = [l for l in log.splitlines() if l.startswith("skipped here")]
            return "%s: %s, exit %s (%s)" % (scenario, run["verdict"], run["exit-code"],
                                              "; ".join(skipped))
    finally:
        fake.kill()
        fake.wait()


def main():
    with open(os.path.join(ROOT, "action.yml")) as f:
        action = yaml.safe_load(f)
    print("check-action: " + case(action, "healthy", "SERVES", 0))
    print("check-action: " + case(action, "garbage", "FAILURES", 1))


main()
