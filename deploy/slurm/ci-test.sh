#!/usr/bin/env bash
# End-to-end test of `queuelab sweep` on a real (one-node) Slurm cluster,
# called by .ci/run. It installs Debian's slurm-wlm and munge when missing,
# writes a private one-node configuration (slurmctld and slurmd as root,
# ProctrackType=proctrack/linuxproc, TaskPlugin=task/none, cgroup/v1), starts
# munged, slurmctld and slurmd, submits a small sweep as a job array with
# deploy/slurm/sweep.sbatch (whose first task submits the dependent merge
# job), waits, and checks that the merged summary equals a local unsharded
# run byte for byte; then deletes one shard's results, reruns that shard
# alone as a one-task array and checks the merge again. It stops the daemons it started, whatever happens, and
# prints their logs when something fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)

shards=3
design=examples/sweeps/mmc-servers.yaml
timeout=${SLURM_CI_TIMEOUT:-300} # seconds for the whole array and the merge

if ! command -v slurmctld >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
  echo "== installing slurm-wlm and munge"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi

work=$(mktemp -d /tmp/queuelab-slurm.XXXXXX)
chmod 755 "$work"
pids=()
failed=1

dump_logs() {
  for f in "$work"/*.log "$work"/out/*.out "$work"/*.out; do
    [ -f "$f" ] || continue
    echo "---- $f"; tail -n 60 "$f"
  done
  command -v squeue >/dev/null && SLURM_CONF=$work/slurm.conf squeue 2>&1 || true
}

cleanup() {
  if [ "$failed" = 1 ]; then
    echo "== slurm test failed; logs:"
    dump_logs
  fi
  # Stop what this script started, newest first: slurmd, slurmctld, munged
  # (through its socket, so that runuser exits quietly behind it).
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    if [ "${pids[i]}" = "${munged_pid:-}" ]; then
      munged --stop --socket="$MUNGE_SOCKET" >/dev/null 2>&1 || kill "${pids[i]}" 2>/dev/null || true
    else
      kill "${pids[i]}" 2>/dev/null || true
    fi
    wait "${pids[i]}" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

# wait_for DESCRIPTION SECONDS COMMAND...: poll COMMAND once a second.
wait_for() {
  local what=$1 secs=$2
  shift 2
  for ((i = 0; i < secs; i++)); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  echo "timed out after ${secs}s waiting for $what" >&2
  return 1
}

echo "== building queuelab"
go build -o "$work/queuelab" ./cmd/queuelab

echo "== munge"
export MUNGE_SOCKET=$work/munge/munge.socket
mkdir -p "$work/munge"
chown munge:munge "$work/munge"
if [ ! -s /etc/munge/munge.key ]; then
  mungekey --create --keyfile=/etc/munge/munge.key
  chown munge:munge /etc/munge/munge.key
  chmod 600 /etc/munge/munge.key
fi
runuser -u munge -- munged --foreground --socket="$MUNGE_SOCKET" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munged.log" \
  --seed-file="$work/munge/munged.seed" 2>>"$work/munged.log" &
munged_pid=$!
pids+=($munged_pid)
wait_for "munged" 20 test -S "$MUNGE_SOCKET"
munge -n --socket="$MUNGE_SOCKET" | unmunge --socket="$MUNGE_SOCKET" >/dev/null

echo "== slurm configuration"
host=$(hostname -s)
cpus=$(nproc)
mkdir -p "$work/state" "$work/spool"
cat >"$work/slurm.conf" <<CONF
ClusterName=queuelab-ci
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$MUNGE_SOCKET
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
SlurmctldPort=${SLURM_CI_PORT:-6817}
SlurmdPort=$(( ${SLURM_CI_PORT:-6817} + 1 ))
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=ci Nodes=$host Default=YES MaxTime=30 State=UP OverSubscribe=YES
CONF
cat >"$work/cgroup.conf" <<CONF
CgroupPlugin=cgroup/v1
CONF
export SLURM_CONF=$work/slurm.conf

echo "== starting slurmctld and slurmd"
slurmctld -D -i -f "$SLURM_CONF" >"$work/slurmctld.out" 2>&1 &
pids+=($!)
wait_for "slurmctld" 30 scontrol ping
slurmd -D -f "$SLURM_CONF" >"$work/slurmd.out" 2>&1 &
pids+=($!)
node_idle() { sinfo -h -N -o '%T' | grep -qE '^(idle|mixed|allocated)'; }
wait_for "node $host to be idle" 60 node_idle
sinfo

echo "== local unsharded run"
"$work/queuelab" sweep "$design" -j 1 --out "$work/local" >"$work/local.txt"

echo "== sbatch --array=0-$((shards - 1))"
mkdir -p "$work/out"
job=$(cd "$work" && QUEUELAB="$work/queuelab" sbatch --parsable --array=0-$((shards - 1)) \
  --output="$work/out/array-%a.out" "$repo/deploy/slurm/sweep.sbatch" "$repo/$design" "$work/out")
echo "array job $job"
queue_empty() { [ -z "$(squeue -h -o '%i')" ]; }
wait_for "the array and the merge job to finish" "$timeout" queue_empty
test -f "$work/out/summary.txt" || { echo "no summary: the merge job did not run" >&2; exit 1; }

echo "== comparing with the local run"
for f in summary.txt summary.csv summary.json; do
  cmp "$work/local/$f" "$work/out/$f"
done
cmp "$work/local.txt" "$work/out/merge.out"
ls "$work/out"
echo "slurm: $shards array tasks merged into the same bytes as the local run"

echo "== one lost shard, rerun alone: QUEUELAB_SHARDS=$shards sbatch --array=1"
rm "$work/out/tasks-1-of-$shards.jsonl" "$work/out/summary.txt" "$work/out/merge.out"
job=$(cd "$work" && QUEUELAB="$work/queuelab" QUEUELAB_SHARDS=$shards sbatch --parsable --array=1 \
  --output="$work/out/rerun-%a.out" "$repo/deploy/slurm/sweep.sbatch" "$repo/$design" "$work/out")
echo "rerun job $job"
wait_for "the rerun and its merge job to finish" "$timeout" queue_empty
cmp "$work/local/summary.txt" "$work/out/summary.txt"
cmp "$work/local.txt" "$work/out/merge.out"
echo "slurm: the rerun shard merged into the same bytes again"
failed=0
