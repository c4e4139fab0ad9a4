"""dask-pieces.py MANIFEST LABEL COMMAND [OPTION...]: each piece of
pgn-split's MANIFEST read by COMMAND --partial, with the piece's place in
the file LABEL, as a task of a Dask cluster; the partials on standard
output and the diagnostics on standard error, in the manifest's order.
The cluster is DASK_SCHEDULER's (an address), else one made here."""
import logging
import os
import subprocess
import sys

from dask.distributed import Client, LocalCluster


def read(argv):
    p = subprocess.run(argv, capture_output=True)
    return p.returncode, p.stdout, p.stderr


def main():
    manifest, label, command = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(manifest) as f:
        pieces = [line.rstrip("\n").split("\t") for line in f][1:]
    tasks = [command + ["--partial", "--label", label,
                        "--first-line", p[3], "--first-game", p[4],
                        "--first-column", p[6], p[0]] for p in pieces]
    cluster = None
    if os.environ.get("DASK_SCHEDULER"):
        client = Client(os.environ["DASK_SCHEDULER"])
    else:
        cluster = LocalCluster(host="127.0.0.1", n_workers=2,
                               threads_per_worker=1, dashboard_address=None,
                               silence_logs=logging.ERROR)
        client = Client(cluster)
    status = 0
    for code, out, err in client.gather(client.map(read, tasks, pure=False)):
        sys.stdout.buffer.write(out)
        sys.stderr.buffer.write(err)
        status = max(status, 2 if code > 1 else 0)
    client.close()
    if cluster:
        cluster.close()
    return status


if __name__ == "__main__":
    sys.exit(main())
