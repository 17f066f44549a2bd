'use strict';
// The jest worker's own time zone. Jest gives each test file a copy of `process.env`: setting
// `TZ` there changes nothing any clock reads, so a test that "runs in another process time zone"
// that way still runs in the worker's. The tests' environment (contractEnvironment.ts) lends each
// file this setter, which sets the worker process's real `TZ` (Node then reads the zone again,
// for every realm of the process): the file's `new Date(...)` and Intl follow it.
const GLOBAL = '__eventxSetProcessTimeZone';

/** Sets the worker process's zone (`undefined`: the machine's own again). */
function setProcessTimeZone(timeZone) {
	if (timeZone === undefined) delete process.env.TZ;
	else process.env.TZ = timeZone;
}

module.exports = { GLOBAL, setProcessTimeZone };
