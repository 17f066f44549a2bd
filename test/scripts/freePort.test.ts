// The tools' servers (n8n, the simulator) listen on ports below the kernel's ephemeral range, which
// outgoing connections draw their source ports from (CI once saw n8n's port taken by one).
import { freePort } from '../../scripts/runtime/processes';
import { fs, net } from '../platform.cjs';

const ephemeralLow = Number(
	fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
);

const listenOn = async (port: number) =>
	await new Promise<net.Server>((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve(server));
	});

describe('freePort', () => {
	it('gives distinct ports from 10000 up to the ephemeral range, each one a server can listen on', async () => {
		const ports = [await freePort(), await freePort(), await freePort()];
		for (const port of ports) {
			expect(port).toBeGreaterThanOrEqual(10000);
			expect(port).toBeLessThan(ephemeralLow);
			const server = await listenOn(port);
			await new Promise((resolve) => server.close(resolve));
		}
	});

	it('passes over a port that is taken', async () => {
		const taken = await listenOn(await freePort());
		const port = (taken.address() as net.AddressInfo).port;
		try {
			expect(await freePort(port)).not.toBe(port);
		} finally {
			await new Promise((resolve) => taken.close(resolve));
		}
	});
});
