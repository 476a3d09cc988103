#!/usr/bin/env bash
# `make test`'s stages: runs "$@" and prints how long it took under the stage's name ($1), pass or fail; exits
# with the command's status.
set -uo pipefail
name=$1
shift
start=$(date +%s)
"$@"
status=$?
secs=$(($(date +%s) - start))
printf '\n== %s: %dm%02ds (%s)\n' "$name" $((secs / 60)) $((secs % 60)) "$([ $status -eq 0 ] && echo passed || echo "FAILED, exit $status")"
exit $status
