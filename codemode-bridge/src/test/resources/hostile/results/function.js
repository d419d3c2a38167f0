// expect: not_json
async () => t.echo
