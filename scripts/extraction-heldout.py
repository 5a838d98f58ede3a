#!/usr/bin/env python3
"""Scores `herald extract` on a held-out set of real pages whose article text was checked by
people: Zyte's article-extraction-benchmark (github.com/scrapinghub/article-extraction-benchmark,
181 pages, `html/*.html.gz` and `ground-truth.json`), with its own `evaluate.py`, beside the
published outputs of the other extractors and, in the same run, the trafilatura installed here.

    python3 scripts/extraction-heldout.py BENCHMARK_DIR [--herald .build/release/herald] [--no-trafilatura]

Writes BENCHMARK_DIR/output/herald.json (and trafilatura-here.json), then runs evaluate.py there.
"""
import argparse
import gzip
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("benchmark", type=Path)
    parser.add_argument("--herald", default=".build/release/herald")
    parser.add_argument("--no-trafilatura", action="store_true")
    args = parser.parse_args()
    truth = json.loads((args.benchmark / "ground-truth.json").read_text())
    herald = str(Path(args.herald).resolve())
    outputs = {}
    trafilatura_outputs = {}
    extract = None
    if not args.no_trafilatura:
        try:
            import trafilatura
            extract = trafilatura
        except ImportError:
            print("trafilatura is not installed here: only the published outputs are compared", file=sys.stderr)
    seconds = 0.0
    with tempfile.TemporaryDirectory() as work:
        for key, item in sorted(truth.items()):
            html = gzip.decompress((args.benchmark / "html" / f"{key}.html.gz").read_bytes())
            page = Path(work) / "page.html"
            page.write_bytes(html)
            started = time.monotonic()
            run = subprocess.run([herald, "extract", str(page), "--url", item.get("url") or "http://example.org/", "--json"],
                                 capture_output=True, timeout=60)
            seconds += time.monotonic() - started
            body = json.loads(run.stdout)["text"] if run.returncode == 0 else ""
            outputs[key] = {"articleBody": body}
            if extract:
                text = extract.extract(html.decode("utf-8", "replace"), url=item.get("url"), favor_precision=False) or ""
                trafilatura_outputs[key] = {"articleBody": text}
    version = subprocess.run([herald, "--version"], capture_output=True, text=True).stdout.strip()
    (args.benchmark / "output" / "herald.json").write_text(json.dumps({"version": version, "output": outputs}))
    if extract:
        (args.benchmark / "output" / "trafilatura-here.json").write_text(
            json.dumps({"version": extract.__version__, "output": trafilatura_outputs}))
    print(f"herald extract: {len(outputs)} pages, {seconds:.1f} s of processes", file=sys.stderr)
    subprocess.run([sys.executable, "evaluate.py", "--n-bootstrap", "200"], cwd=args.benchmark, check=True)


if __name__ == "__main__":
    main()
