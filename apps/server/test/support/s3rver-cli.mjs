// Starts s3rver (an S3 stand-in) for CI and `npm run stack`: node s3rver-cli.mjs DIR PORT [BUCKET].
// Creates the bucket (the tests' visage-test by default).
import S3rver from 's3rver';

const [dir, port, bucket = 'visage-test'] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  directory: dir,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
await server.run();
console.log(`s3rver on 127.0.0.1:${port}`);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
