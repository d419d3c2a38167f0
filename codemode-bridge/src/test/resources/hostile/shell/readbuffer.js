// expect: thrown
// message: Error
async () => { readbuffer('/etc/passwd'); return 'ran'; }
