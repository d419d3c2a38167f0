// expect: limit memory|cpu
async () => { const keep = []; for (let i = 0; ; i++) keep.push(new Intl.DateTimeFormat('en', { timeZone: 'UTC' }), new Intl.Collator('de'), new Intl.NumberFormat('en-US', { minimumFractionDigits: i % 20 })); }
