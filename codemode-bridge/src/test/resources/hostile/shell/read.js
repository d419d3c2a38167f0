// expect: thrown
// message: Error
async () => { read('/etc/passwd'); return 'ran'; }
