#!/usr/bin/env bash
# Calls 2 and 3: the record's remaining parts, resumed from the first call's directory (PARTS, DEADLINES from the caller)
. .devbin/gpu_env.sh
xz -dkf .devbin/reikna.xz && chmod +x .devbin/reikna
mkdir -p $OUT && tar xzf .devbin/rec-prev.tgz -C $OUT 2>/dev/null; rm -f $OUT/rec-1.log $OUT/rec-2.log
scripts/gpu_record.sh --parts $PARTS .devbin/reikna $OUT/rec > $OUT/rec-$CALL.log 2>&1
echo "record rc=$?"; tail -8 $OUT/rec-$CALL.log
(cd $OUT && tar czf rec-$CALL.tgz rec rec-$CALL.log && rm -rf rec)
