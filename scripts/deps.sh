#!/bin/sh
# Installs what pawnkit needs to build and test on Debian (12+), when run as
# root; otherwise says exactly what to install.  Idempotent and quiet when
# everything is there.
set -eu
need="gcc libc6-dev clang libclang-rt-dev make pkg-config libpcre2-dev libcmocka-dev xz-utils
	zlib1g-dev libzstd-dev liblzma-dev libbz2-dev"
# Independent oracles for the tests, and the compressors that make their
# compressed inputs (skipped when absent, installed here); sshd, rsync and
# Dask for the recipes run over ssh and on a Dask cluster.
want="pgn-extract stockfish libxml2-utils librsvg2-bin mandoc time python3 parallel strace zsh fish
	zstd bzip2 openssh-server rsync python3-distributed"
missing=""
for p in $need $want; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	echo "deps: installing:$missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $missing >/dev/null
	exit 0
fi
for p in $need; do
	case " $missing " in *" $p "*)
		echo "deps: missing packages; run: sudo apt-get install$missing" >&2
		exit 1 ;;
	esac
done
echo "deps: optional test oracles missing (tests using them skip):$missing" >&2
