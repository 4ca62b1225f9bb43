// Starts s3rver (an S3 stand-in) for CI: node s3rver-cli.mjs DIR PORT. Creates the test bucket.
import S3rver from 's3rver';

const [dir, port] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  directory: dir,
  silent: true,
  configureBuckets: [{ name: 'visage-test' }],
});
await server.run();
console.log(`s3rver on 127.0.0.1:${port}`);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
