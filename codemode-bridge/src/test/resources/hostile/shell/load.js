// expect: thrown
// message: Error
async () => { load('/etc/passwd'); return 'ran'; }
