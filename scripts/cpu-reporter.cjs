'use strict';
// A Jest reporter for measuring where the tests' CPU goes (docs/testing.md, "Timings"). Run the
// tests in band, so that each file runs in this process:
//   CPU_REPORT=/tmp/cpu.json npx jest --selectProjects unit --runInBand \
//     --reporters=default --reporters=./scripts/cpu-reporter.cjs
// For each test file it writes the process's CPU time (user + system, every thread: the collector's
// too), the main thread's time on a core and its wall time less the time it waited for a core
// (`alone`: about what the file takes on a core of its own, sleeps included), from
// /proc/self/schedstat (Linux).
const { fs, path, process, repoRoot } = require('../test/platform.cjs');

function schedstat() {
	try {
		const [onCpu, waiting] = fs.readFileSync('/proc/self/schedstat', 'utf8').split(' ').map(Number);
		return { onCpu: onCpu / 1e9, waiting: waiting / 1e9 };
	} catch {
		return { onCpu: 0, waiting: 0 };
	}
}

class CpuReporter {
	constructor() {
		this.out = process.env.CPU_REPORT || path.join(repoRoot, '.cpu-report.json');
		this.started = new Map();
		this.files = [];
	}

	onTestFileStart(test) {
		this.started.set(test.path, { cpu: process.cpuUsage(), at: Date.now(), sched: schedstat() });
	}

	onTestFileResult(test, result) {
		const start = this.started.get(test.path);
		if (!start) return;
		const cpu = process.cpuUsage(start.cpu);
		const sched = schedstat();
		const wall = (Date.now() - start.at) / 1000;
		const round = (s) => Math.round(s * 100) / 100;
		this.files.push({
			file: path.relative(repoRoot, test.path),
			project: test.context.config.displayName?.name,
			tests: result.numPassingTests + result.numFailingTests,
			failed: result.numFailingTests,
			cpu: round((cpu.user + cpu.system) / 1e6),
			mainThread: round(sched.onCpu - start.sched.onCpu),
			wall: round(wall),
			alone: round(wall - (sched.waiting - start.sched.waiting)),
		});
	}

	onRunComplete() {
		this.files.sort((a, b) => b.cpu - a.cpu);
		const sum = (key) => Math.round(this.files.reduce((s, f) => s + f[key], 0));
		const total = {
			files: this.files.length,
			cpu: sum('cpu'),
			mainThread: sum('mainThread'),
			alone: sum('alone'),
		};
		fs.writeFileSync(this.out, `${JSON.stringify({ total, files: this.files }, null, 1)}\n`);
		process.stdout.write(`CPU report (${this.out}): ${JSON.stringify(total)}\n`);
	}
}

module.exports = CpuReporter;
