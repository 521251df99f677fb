# SPDX-License-Identifier: Apache-2.0
# make check-browser's made-up maps (tests/browser.sh): a report with one
# needle cell grown to $sizes x $depths cells under names longer than any
# the examples have (the model id, the probe's title; the recipe's comes
# from the run). Sizes from 64k to 1M by 64k, so the measured counts are
# as wide as they get; every fifth depth fails, one cell found its needle
# and failed for another cause, the last size is beyond the window.
.endpoint.model = "an-organisation-with-a-long-name/通义千问-Qwen3.5-122B-A10B-Instruct-NVFP4-speculative-MTP-fp8-kv-cache-community-validated-2026-12"
| (.probes[] | select(.needle != null)) as $c
| .probes = [ range($sizes) as $s | range($depths) as $d
    | $c
    | .title = "needle in a haystack, one secret, recalled word for word at every depth of the prompt"
    | .needle.requested_tokens = (($s + 1) * 65536)
    | .needle.measured_prompt_tokens = (($s + 1) * 65536 + 17)
    | .needle.depth = (if $depths > 1 then $d / ($depths - 1) else 0.5 end)
    | .variant = "@\($s)@\($d)"
    | if $sizes > 1 and $s == $sizes - 1 then
        .verdict = "skipped" | .beyond_window = true | .cause = "context-overflow"
      elif $d % 5 == 3 then .verdict = "fail" | .needle.recalled = 0 | .cause = "wrong-answer"
      elif $d == 7 and $s == 2 then .verdict = "fail" | .cause = "reasoning-bleed"
      else . end ]
