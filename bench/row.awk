# One row of bench/run.sh's tables.  Input (-v): task, ref (its name),
# target ("cpu", "wall", or either and a goal: "cpu >= 2.0"), b (bytes
# read, 0 when none), dir ("faster": ratio = reference / ours; "cost":
# ours / reference), w and c (our wall and CPU seconds), rw and rc (the
# reference's), mem (our peak KiB).

function ratio(ours, theirs) {
	if (dir == "cost")
		return theirs > 0 ? ours / theirs : -1
	return ours > 0 ? theirs / ours : -1
}

function fmt(r) {
	return r < 0 ? "-" : sprintf("%.2f", r)
}

BEGIN {
	w += 0; c += 0; rw += 0; rc += 0	# numbers (mawk compares -v values as text)
	split(target, t, " ")
	rcpu = ratio(c, rc)
	rwall = ratio(w, rw)
	r = t[1] == "wall" ? rwall : rcpu
	cell = t[1] == "wall" ? "wall " fmt(rwall) ", CPU " fmt(rcpu) : fmt(rcpu)
	goal = "-"
	if (t[2] != "") {
		met = t[2] == ">=" ? r >= t[3] + 0 : r <= t[3] + 0
		goal = (t[1] == "wall" ? "wall " : "") (t[2] == ">=" ? "≥" : "≤") \
		    t[3] (r < 0 ? " ?" : met ? " ok" : " MISSED")
	}
	mbs = b > 0 && w > 0 ? sprintf("%.0f", b / w / 1e6) : "-"
	printf "| %s | %.2f s | %.2f s | %s | %.2f s | %.2f s | %s | %s | %s | %.1f MB |\n",
	    task, c, w, ref, rc, rw, cell, goal, mbs, mem / 1024
}
