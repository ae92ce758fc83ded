;; The per-line half of reading pgbench per-transaction logs; transaction-log.mjs
;; owns the rest (files, carries, errors, percentiles) and documents the layout.
;;
;; A line: client_id transaction_no latency_us script_no epoch_s epoch_us [lag_us] [retries]
;; latency_us is a word for a transaction that did not complete: failed,
;; serialization, deadlock (all failed) or skipped.
;;
;; Memory: [0, IN_END) the lines to scan; [HIST, +4 MiB) a count per latency
;; below 2^20 µs; [EVENTS, EVENTS_END) what the caller must see, 32 bytes each;
;; from STORE on, every completed transaction's latency (u32), in file order.
;;
;; scan(p, end) reads the lines in [p, end), a range ending right after a "\n",
;; until it or the event space runs out, and leaves where it stopped in
;; `consumed` and how many events it wrote in `events`. An event is four f64:
;;   [1, second, store index]  a run of completed transactions in a new second
;;   [2, latency]              a latency of 2^20 µs or more (not in HIST)
;;   [3, address, line]        a line that is not a per-transaction log line
;; The caller must leave room in STORE for one latency per 12 bytes scanned
;; (the shortest line) and set `second` and `line` to the file's own before
;; each call, since one instance may read several files.
;;
;; select(p, n, k) returns the k-th smallest (0-based) of the n u32 at p,
;; reordering them (quickselect); everything after k is then >= it.
;;
;; Built into scan-log.wasm.mjs by `npm run build:wasm`; never edit that file.
(module
  (memory (export "memory") 112)
  (global $HIST i32 (i32.const 0x200000))
  (global $EVENTS i32 (i32.const 0x600000))
  (global $EVENTS_END i32 (i32.const 0x700000))

  (global $consumed (export "consumed") (mut i32) (i32.const 0))
  (global $events (export "events") (mut i32) (i32.const 0))
  (global $stored (export "stored") (mut i32) (i32.const 0))
  (global $second (export "second") (mut f64) (f64.const -1))
  (global $line (export "line") (mut f64) (f64.const 0))
  (global $completed (export "completed") (mut f64) (f64.const 0))
  (global $sum (export "sum") (mut f64) (f64.const 0))
  (global $min (export "min") (mut f64) (f64.const inf))
  (global $max (export "max") (mut f64) (f64.const -inf))
  (global $failed (export "failed") (mut f64) (f64.const 0))
  (global $serialization (export "serialization") (mut f64) (f64.const 0))
  (global $deadlock (export "deadlock") (mut f64) (f64.const 0))
  (global $skipped (export "skipped") (mut f64) (f64.const 0))
  (global $retries (export "retries") (mut f64) (f64.const 0))
  (global $malformed (export "malformed") (mut f64) (f64.const 0))
  ;; 1 when a 7-column line left it unknown whether its last number was retries
  (global $retriesUnknown (export "retriesUnknown") (mut i32) (i32.const 0))
  ;; set by the caller: 1 yes, 0 no, -1 unknown
  (global $hasLag (export "hasLag") (mut i32) (i32.const -1))
  (global $hasRetries (export "hasRetries") (mut i32) (i32.const -1))

  (func $event (param $type f64) (param $a f64) (param $b f64)
    (local $at i32)
    (local.set $at (i32.add (global.get $EVENTS) (i32.shl (global.get $events) (i32.const 5))))
    (f64.store (local.get $at) (local.get $type))
    (f64.store offset=8 (local.get $at) (local.get $a))
    (f64.store offset=16 (local.get $at) (local.get $b))
    (global.set $events (i32.add (global.get $events) (i32.const 1))))

  (func (export "scan") (param $p i32) (param $end i32)
    (local $start i32) (local $c i32) (local $s i32) (local $word i32)
    (local $v i64) (local $lat i64) (local $code i32) (local $epoch f64)
    (local $extra i32) (local $last i64) (local $latf f64) (local $h i32)
    (local $storeAt i32) (local $why f64)
    (global.set $events (i32.const 0))
    (local.set $storeAt (i32.add (i32.const 0x700000) (i32.shl (global.get $stored) (i32.const 2))))
    (block $done
      (loop $lines
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        ;; room for the two events one line can make
        (br_if $done (i32.gt_u (i32.add (i32.add (global.get $EVENTS) (i32.shl (global.get $events) (i32.const 5))) (i32.const 64))
                               (global.get $EVENTS_END)))
        (local.set $start (local.get $p))
        (local.set $why (f64.const 3))
        (global.set $line (f64.add (global.get $line) (f64.const 1)))
        (block $next
          (block $bad
            ;; an empty line ("\n" or "\r\n"): nothing to count
            (local.set $c (i32.load8_u (local.get $p)))
            (if (i32.eq (local.get $c) (i32.const 10))
              (then (local.set $p (i32.add (local.get $p) (i32.const 1))) (br $next)))
            (if (i32.and (i32.eq (local.get $c) (i32.const 13)) (i32.eq (i32.load8_u offset=1 (local.get $p)) (i32.const 10)))
              (then (local.set $p (i32.add (local.get $p) (i32.const 2))) (br $next)))

            ;; client_id, transaction_no: words ended by a space
            (local.set $s (local.get $p))
            (block $e1 (loop $l1
              (br_if $e1 (i32.le_u (i32.load8_u (local.get $p)) (i32.const 32)))
              (local.set $p (i32.add (local.get $p) (i32.const 1)))
              (br $l1)))
            (br_if $bad (i32.or (i32.eq (local.get $p) (local.get $s)) (i32.ne (i32.load8_u (local.get $p)) (i32.const 32))))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (local.set $s (local.get $p))
            (block $e2 (loop $l2
              (br_if $e2 (i32.le_u (i32.load8_u (local.get $p)) (i32.const 32)))
              (local.set $p (i32.add (local.get $p) (i32.const 1)))
              (br $l2)))
            (br_if $bad (i32.or (i32.eq (local.get $p) (local.get $s)) (i32.ne (i32.load8_u (local.get $p)) (i32.const 32))))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))

            ;; latency: digits (code 0), or failed 1 / skipped 2 / serialization 3 / deadlock 4
            (local.set $code (i32.const 0))
            (local.set $c (i32.sub (i32.load8_u (local.get $p)) (i32.const 48)))
            (if (i32.le_u (local.get $c) (i32.const 9))
              (then
                (local.set $lat (i64.const 0))
                (local.set $s (local.get $p))
                (block $e3 (loop $l3
                  (local.set $c (i32.sub (i32.load8_u (local.get $p)) (i32.const 48)))
                  (br_if $e3 (i32.gt_u (local.get $c) (i32.const 9)))
                  (local.set $lat (i64.add (i64.mul (local.get $lat) (i64.const 10)) (i64.extend_i32_u (local.get $c))))
                  (local.set $p (i32.add (local.get $p) (i32.const 1)))
                  (br $l3)))
                ;; over 10 digits or 2^32 µs (71 minutes) the sum would wrap or the
                ;; store clamp: refused as too large (event 4), never kept wrong
                (if (i32.or (i32.gt_u (i32.sub (local.get $p) (local.get $s)) (i32.const 10))
                            (i64.gt_u (local.get $lat) (i64.const 0xffffffff)))
                  (then (local.set $why (f64.const 4)) (br $bad))))
              (else
                (local.set $c (i32.load8_u (local.get $p)))
                ;; "s" is skipped or serialization: the second letter tells
                (local.set $word
                  (if (result i32) (i32.eq (local.get $c) (i32.const 115))
                    (then (i32.load8_u offset=1 (local.get $p)))
                    (else (local.get $c))))
                (local.set $code
                  (if (result i32) (i32.eq (local.get $word) (i32.const 102)) (then (i32.const 1))
                    (else (if (result i32) (i32.eq (local.get $word) (i32.const 107)) (then (i32.const 2))
                      (else (if (result i32) (i32.eq (local.get $word) (i32.const 101)) (then (i32.const 3))
                        (else (if (result i32) (i32.eq (local.get $word) (i32.const 100)) (then (i32.const 4))
                          (else (i32.const 5))))))))))
                (br_if $bad (i32.eq (local.get $code) (i32.const 5)))
                (block $e4 (loop $l4
                  (br_if $e4 (i32.le_u (i32.load8_u (local.get $p)) (i32.const 32)))
                  (local.set $p (i32.add (local.get $p) (i32.const 1)))
                  (br $l4)))))
            (br_if $bad (i32.ne (i32.load8_u (local.get $p)) (i32.const 32)))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))

            ;; script_no
            (local.set $s (local.get $p))
            (block $e5 (loop $l5
              (br_if $e5 (i32.le_u (i32.load8_u (local.get $p)) (i32.const 32)))
              (local.set $p (i32.add (local.get $p) (i32.const 1)))
              (br $l5)))
            (br_if $bad (i32.or (i32.eq (local.get $p) (local.get $s)) (i32.ne (i32.load8_u (local.get $p)) (i32.const 32))))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))

            ;; epoch_s: digits
            (local.set $s (local.get $p))
            (local.set $v (i64.const 0))
            (block $e6 (loop $l6
              (local.set $c (i32.sub (i32.load8_u (local.get $p)) (i32.const 48)))
              (br_if $e6 (i32.gt_u (local.get $c) (i32.const 9)))
              (local.set $v (i64.add (i64.mul (local.get $v) (i64.const 10)) (i64.extend_i32_u (local.get $c))))
              (local.set $p (i32.add (local.get $p) (i32.const 1)))
              (br $l6)))
            (br_if $bad (i32.or (i32.eq (local.get $p) (local.get $s)) (i32.ne (i32.load8_u (local.get $p)) (i32.const 32))))
            (local.set $epoch (f64.convert_i64_u (local.get $v)))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))

            ;; epoch_us
            (local.set $s (local.get $p))
            (block $e7 (loop $l7
              (br_if $e7 (i32.le_u (i32.load8_u (local.get $p)) (i32.const 32)))
              (local.set $p (i32.add (local.get $p) (i32.const 1)))
              (br $l7)))
            (br_if $bad (i32.eq (local.get $p) (local.get $s)))

            ;; up to two more numbers: lag_us, retries
            (local.set $extra (i32.const 0))
            (local.set $last (i64.const 0))
            (block $e8 (loop $l8
              (br_if $e8 (i32.ne (i32.load8_u (local.get $p)) (i32.const 32)))
              (br_if $bad (i32.eq (local.get $extra) (i32.const 2)))
              (local.set $p (i32.add (local.get $p) (i32.const 1)))
              (local.set $s (local.get $p))
              (local.set $v (i64.const 0))
              (block $e9 (loop $l9
                (local.set $c (i32.sub (i32.load8_u (local.get $p)) (i32.const 48)))
                (br_if $e9 (i32.gt_u (local.get $c) (i32.const 9)))
                (local.set $v (i64.add (i64.mul (local.get $v) (i64.const 10)) (i64.extend_i32_u (local.get $c))))
                (local.set $p (i32.add (local.get $p) (i32.const 1)))
                (br $l9)))
              (br_if $bad (i32.eq (local.get $p) (local.get $s)))
              (local.set $extra (i32.add (local.get $extra) (i32.const 1)))
              (local.set $last (local.get $v))
              (br $l8)))

            ;; the line end
            (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 13))
              (then (local.set $p (i32.add (local.get $p) (i32.const 1)))))
            (br_if $bad (i32.ne (i32.load8_u (local.get $p)) (i32.const 10)))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))

            ;; a whole line: count it.
            ;; Retries are the last number of 8 columns, or of 7 when the run had
            ;; retries (max tries != 1); of 7 with neither known, they are unknown.
            (if (i32.or (i32.eq (local.get $extra) (i32.const 2))
                        (i32.and (i32.eq (local.get $extra) (i32.const 1)) (i32.eq (global.get $hasRetries) (i32.const 1))))
              (then (global.set $retries (f64.add (global.get $retries) (f64.convert_i64_u (local.get $last))))))
            (if (i32.and (i32.eq (local.get $extra) (i32.const 1))
                         (i32.and (i32.eq (global.get $hasRetries) (i32.const -1)) (i32.ne (global.get $hasLag) (i32.const 1))))
              (then (global.set $retriesUnknown (i32.const 1))))
            (if (local.get $code)
              (then
                (if (i32.eq (local.get $code) (i32.const 2))
                  (then (global.set $skipped (f64.add (global.get $skipped) (f64.const 1))))
                  (else
                    (global.set $failed (f64.add (global.get $failed) (f64.const 1)))
                    (if (i32.eq (local.get $code) (i32.const 3))
                      (then (global.set $serialization (f64.add (global.get $serialization) (f64.const 1)))))
                    (if (i32.eq (local.get $code) (i32.const 4))
                      (then (global.set $deadlock (f64.add (global.get $deadlock) (f64.const 1)))))))
                (br $next)))
            (if (f64.ne (local.get $epoch) (global.get $second))
              (then
                (global.set $second (local.get $epoch))
                (call $event (f64.const 1) (local.get $epoch) (f64.convert_i32_u (global.get $stored)))))
            (local.set $latf (f64.convert_i64_u (local.get $lat)))
            (global.set $completed (f64.add (global.get $completed) (f64.const 1)))
            (global.set $sum (f64.add (global.get $sum) (local.get $latf)))
            (global.set $min (f64.min (global.get $min) (local.get $latf)))
            (global.set $max (f64.max (global.get $max) (local.get $latf)))
            (if (i64.lt_u (local.get $lat) (i64.const 0x100000))
              (then
                (local.set $h (i32.add (global.get $HIST) (i32.shl (i32.wrap_i64 (local.get $lat)) (i32.const 2))))
                (i32.store (local.get $h) (i32.add (i32.load (local.get $h)) (i32.const 1))))
              (else (call $event (f64.const 2) (local.get $latf) (f64.const 0))))
            ;; the store keeps u32: larger latencies were refused above
            (i32.store (local.get $storeAt) (i32.wrap_i64 (local.get $lat)))
            (local.set $storeAt (i32.add (local.get $storeAt) (i32.const 4)))
            (global.set $stored (i32.add (global.get $stored) (i32.const 1)))
            (br $next))
          ;; not a log line: skip to its end
          (local.set $p (local.get $start))
          (block $e10 (loop $l10
            (br_if $e10 (i32.eq (i32.load8_u (local.get $p)) (i32.const 10)))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (br $l10)))
          (local.set $p (i32.add (local.get $p) (i32.const 1)))
          (global.set $malformed (f64.add (global.get $malformed) (f64.const 1)))
          (call $event (local.get $why) (f64.convert_i32_u (local.get $start)) (global.get $line)))
        (br $lines)))
    (global.set $consumed (local.get $p)))

  (func (export "select") (param $p i32) (param $n i32) (param $k i32) (result i32)
    (local $lo i32) (local $hi i32) (local $i i32) (local $j i32) (local $pivot i32) (local $t i32)
    (local.set $lo (i32.const 0))
    (local.set $hi (i32.sub (local.get $n) (i32.const 1)))
    (block $found
      (loop $narrow
        (br_if $found (i32.le_s (local.get $hi) (local.get $lo)))
        (local.set $pivot (i32.load (i32.add (local.get $p) (i32.shl (i32.shr_u (i32.add (local.get $lo) (local.get $hi)) (i32.const 1)) (i32.const 2)))))
        (local.set $i (local.get $lo))
        (local.set $j (local.get $hi))
        (block $split (loop $partition
          (br_if $split (i32.gt_s (local.get $i) (local.get $j)))
          (block $e (loop $l
            (br_if $e (i32.ge_u (i32.load (i32.add (local.get $p) (i32.shl (local.get $i) (i32.const 2)))) (local.get $pivot)))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $l)))
          (block $e (loop $l
            (br_if $e (i32.le_u (i32.load (i32.add (local.get $p) (i32.shl (local.get $j) (i32.const 2)))) (local.get $pivot)))
            (local.set $j (i32.sub (local.get $j) (i32.const 1)))
            (br $l)))
          (if (i32.le_s (local.get $i) (local.get $j))
            (then
              (local.set $t (i32.load (i32.add (local.get $p) (i32.shl (local.get $i) (i32.const 2)))))
              (i32.store (i32.add (local.get $p) (i32.shl (local.get $i) (i32.const 2)))
                         (i32.load (i32.add (local.get $p) (i32.shl (local.get $j) (i32.const 2)))))
              (i32.store (i32.add (local.get $p) (i32.shl (local.get $j) (i32.const 2))) (local.get $t))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (local.set $j (i32.sub (local.get $j) (i32.const 1)))))
          (br $partition)))
        (if (i32.le_s (local.get $k) (local.get $j))
          (then (local.set $hi (local.get $j)) (br $narrow)))
        (if (i32.ge_s (local.get $k) (local.get $i))
          (then (local.set $lo (local.get $i)) (br $narrow)))
        (br $found)))
    (i32.load (i32.add (local.get $p) (i32.shl (local.get $k) (i32.const 2)))))
)
